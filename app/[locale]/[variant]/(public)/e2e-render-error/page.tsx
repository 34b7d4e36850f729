import { notFound } from 'next/navigation';
import { RenderErrorTrigger } from '@/components/errors/render-error-trigger';

export const dynamic = 'force-dynamic';

/** Lets the end-to-end suite show the frontend error screen; a 404 unless TEST_HOOKS=1. */
export default function RenderErrorTestPage() {
  if (process.env.TEST_HOOKS !== '1') notFound();
  return <RenderErrorTrigger />;
}
