import { StatusPage } from '@/components/errors/status-page';

export default function NotFound() {
  return <StatusPage kind="notFound" />;
}
