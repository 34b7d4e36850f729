import { StatusPage } from '@/components/errors/status-page';

export default function Forbidden() {
  return <StatusPage kind="forbidden" />;
}
