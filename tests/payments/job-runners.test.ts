import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { embeddedJobs } from '@/server/db/schema';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { PgBossQueue } from '@/server/jobs/pg-boss-queue';
import { deliverSandboxWebhook } from '@/server/payments/providers/sandbox/sandbox-charges';
import { newSandboxId, type SandboxEvent } from '@/server/payments/providers/sandbox/sandbox-gateway';
import { verifySandboxSignature } from '@/server/payments/providers/sandbox/sandbox-signature';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Webhook delivery as the sandbox runs it: signed posts to a receiver, by durable jobs. On
// PostgreSQL two pg-boss runners (two portal processes) share the queue and each event is
// delivered once; on the embedded table a failing delivery is retried with backoff.

const onPostgres = Boolean(process.env.DATABASE_URL);
const SECRET = 'runner-test-secret';

let database: TestDatabase;
let receiver: http.Server;
let url: string;
const received: string[] = [];
let failNext = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      verifySandboxSignature(body, request.headers['sandbox-signature'] as string, SECRET);
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(503).end('busy');
        return;
      }
      received.push((JSON.parse(body) as SandboxEvent).id);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhooks/sandbox`;
});
afterAll(async () => {
  receiver.close();
  await database.dispose();
});
beforeEach(() => {
  received.length = 0;
});

function event(): SandboxEvent {
  return { id: newSandboxId('evt'), type: 'charge.succeeded', created: Math.floor(Date.now() / 1000), data: { chargeId: newSandboxId('ch'), paymentId: crypto.randomUUID(), status: 'succeeded' } };
}

const deliver = (data: Record<string, unknown>) => deliverSandboxWebhook(data as { webhookUrl: string; event: SandboxEvent }, SECRET);

it.skipIf(!onPostgres)('two pg-boss runners on one PostgreSQL deliver each of 30 webhooks exactly once', async () => {
  if (database.driver !== 'postgres') return;
  const [first, second] = await Promise.all([PgBossQueue.start(database.url), PgBossQueue.start(database.url)]);
  try {
    await first.work('payments.deliverWebhook', deliver);
    await second.work('payments.deliverWebhook', deliver);
    const events = Array.from({ length: 30 }, event);
    await Promise.all(events.map((e, index) => (index % 2 ? first : second).send('payments.deliverWebhook', { webhookUrl: url, event: e })));
    for (let waited = 0; received.length < events.length && waited < 30_000; waited += 200) await sleep(200);
    await sleep(1_500);
    expect([...received].sort()).toEqual(events.map((e) => e.id).sort());
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
}, 60_000);

it('the embedded queue retries a failed delivery with backoff and then forgets the job', async () => {
  const queue = new EmbeddedQueue(database.db);
  await queue.work('payments.deliverWebhook', deliver);
  await queue.stop();
  failNext = 1;
  const delivered = event();
  await queue.send('payments.deliverWebhook', { webhookUrl: url, event: delivered });

  expect(await queue.runDue()).toBe(1);
  const [waiting] = await database.db.select().from(embeddedJobs).where(eq(embeddedJobs.name, 'payments.deliverWebhook'));
  expect(waiting).toMatchObject({ attempts: 1, failedAt: null });
  expect(waiting!.lastError).toContain('503');
  expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());
  expect(received).toEqual([]);

  // Not due yet: nothing runs; once due (2 s backoff), it is delivered and the row is gone.
  expect(await queue.runDue()).toBe(0);
  expect(await queue.runDue(new Date(Date.now() + 3_000))).toBe(1);
  expect(received).toEqual([delivered.id]);
  expect(await database.db.$count(embeddedJobs)).toBe(0);
});
