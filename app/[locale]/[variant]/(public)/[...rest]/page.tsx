import { notFound } from 'next/navigation';

// Unknown paths render the localized 404 inside the shell, not Next's bare global one.
export default function UnknownPage() {
  notFound();
}
