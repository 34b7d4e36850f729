import { StatusPage } from '@/components/errors/status-page';
import { getPopularTours } from '@/server/catalog/queries';

export default async function NotFound() {
  return <StatusPage kind="notFound" popular={await getPopularTours()} />;
}
