import { getDb } from '@/server/db/database';
import { listOutboxMail } from '@/server/mail/outbox-queries';

/**
 * Lets end-to-end tests read the mail outbox (the embedded database belongs to the server
 * process, so tests cannot open it). A 404 unless TEST_HOOKS=1.
 */
export async function GET(request: Request) {
  if (process.env.TEST_HOOKS !== '1') return new Response(null, { status: 404 });
  const to = new URL(request.url).searchParams.get('to');
  if (!to) return Response.json({ message: 'to is required' }, { status: 422 });
  return Response.json(await listOutboxMail(await getDb(), to));
}
