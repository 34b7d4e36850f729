import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { JobHandler, JobName, JobQueue, SendOptions } from '@/server/jobs/job-queue';
import { TRACE_KEY, tracedJobQueue } from '@/server/jobs/traced-queue';
import { setLogSink } from '@/server/telemetry/logger';
import { SpanStore } from '@/server/telemetry/span-store';
import { ATTR, inSpan, withRequestAttributes } from '@/server/telemetry/tracing';
import { registerTestTracing } from '../support/tracing';

// A job runs in its sender's trace (docs/telemetry.md#server): the `job.send` span's traceparent
// travels in the job's data, the handler's consumer span is its child, and the handler gets the
// data as it was sent. A failure is one JSON log line with that trace's id.

// The span store copies a request's attributes onto each span, as in the portal (never writing here: nothing is slow).
const exported = registerTestTracing([new SpanStore({ slowMs: 60_000, write: async () => {} })]);

/** A queue that keeps what is sent and runs it when asked, as a runner in another process would. */
function recordingQueue() {
  const sent: { name: JobName; data: Record<string, unknown> }[] = [];
  const handlers = new Map<JobName, JobHandler>();
  const queue: JobQueue = {
    kind: 'embedded',
    send: async (name: JobName, data: Record<string, unknown>, _options?: SendOptions) => void sent.push({ name, data }),
    work: async (name, handler) => void handlers.set(name, handler),
    everyMinute: async () => {},
    stopWorking: async () => {},
    stop: async () => {},
  };
  const runAll = async () => {
    for (const job of sent.splice(0)) await handlers.get(job.name)!(job.data);
  };
  return { queue, sent, runAll };
}

const lines: string[] = [];
beforeEach(() => {
  exported.reset();
  lines.length = 0;
  setLogSink((line) => void lines.push(line));
});
afterEach(() => setLogSink(null));

describe('jobs in their sender’s trace', () => {
  it('runs the handler in a consumer span, child of the send in the request’s trace, with the data as sent', async () => {
    const { queue, sent, runAll } = recordingQueue();
    const traced = tracedJobQueue(queue);
    const received: unknown[] = [];
    await traced.work('payments.deliverWebhook', async (data) => void received.push(data));
    await inSpan('action /en/checkout', { parent: withRequestAttributes({ [ATTR.agencyId]: 'a1', [ATTR.host]: 'localhost' }) }, () =>
      traced.send('payments.deliverWebhook', { webhookUrl: 'http://x.test/hook' }),
    );
    expect(sent[0]!.data[TRACE_KEY]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // Later, outside the request.
    await runAll();
    expect(received).toEqual([{ webhookUrl: 'http://x.test/hook' }]);
    const spans = exported.spans();
    const action = spans.find((span) => span.name === 'action /en/checkout')!;
    const send = spans.find((span) => span.name === 'job.send payments.deliverWebhook')!;
    const job = spans.find((span) => span.name === 'job payments.deliverWebhook')!;
    expect(send.kind).toBe(SpanKind.PRODUCER);
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(new Set([action, send, job].map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(send.parentSpanContext?.spanId).toBe(action.spanContext().spanId);
    expect(job.parentSpanContext?.spanId).toBe(send.spanContext().spanId);
    // On whose behalf it ran: the sender's agency and host.
    expect(job.attributes).toMatchObject({ [ATTR.agencyId]: 'a1', [ATTR.host]: 'localhost' });
  });

  it('starts a trace of its own for a job no request sent, and carries nothing then', async () => {
    const { queue, sent, runAll } = recordingQueue();
    const traced = tracedJobQueue(queue);
    await traced.work('payments.reconcile', async () => {});
    await traced.send('payments.reconcile', {});
    expect(sent[0]!.data).toEqual({});
    await runAll();
    const [job] = exported.spans();
    expect(job!.name).toBe('job payments.reconcile');
    expect(job!.parentSpanContext).toBeUndefined();
  });

  it('marks a failed job’s span as an error and logs one JSON line with its trace id, and the queue still sees the failure', async () => {
    const { queue, runAll } = recordingQueue();
    const traced = tracedJobQueue(queue);
    await traced.work('payments.refund', async () => {
      throw new Error('provider said no');
    });
    await inSpan('route POST /api/v1/b2b/bookings/cancel', {}, () => traced.send('payments.refund', { refundId: 'r1' }));
    await expect(runAll()).rejects.toThrow('provider said no');
    const job = exported.spans().find((span) => span.name === 'job payments.refund')!;
    expect(job.status.code).toBe(SpanStatusCode.ERROR);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'error', job: 'payments.refund', trace_id: job.spanContext().traceId, err: { message: 'provider said no' } });
  });
});
