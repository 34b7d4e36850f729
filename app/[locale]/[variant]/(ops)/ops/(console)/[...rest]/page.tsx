import { notFound } from 'next/navigation';
import { requireOpsPage } from '@/server/staff/staff-principal';

/** An unknown console path: staff get the console's 404, anyone else the staff sign-in (no hint what exists). */
export default async function OpsUnknownPage({ params }: { params: Promise<{ rest: string[] }> }) {
  const { rest } = await params;
  await requireOpsPage('ops:dashboard', `/ops/${rest.map(encodeURIComponent).join('/')}`);
  notFound();
}
