import { serverLog, setLogSink } from '@/server/telemetry/logger';
import { inSpan } from '@/server/telemetry/tracing';
import { registerTestTracing } from '../support/tracing';

// The server's log lines are JSON, one per line, and carry the trace and span id of the request
// or job they were written in (docs/telemetry.md#server).

const exported = registerTestTracing();
const lines: string[] = [];
beforeEach(() => {
  lines.length = 0;
  setLogSink((line) => void lines.push(line));
});
afterEach(() => setLogSink(null));

describe('the server log', () => {
  it('writes one JSON line with the level, time, message, error and the active trace and span ids', async () => {
    await inSpan('action /en/bookings', {}, async () => {
      serverLog().error({ err: new TypeError('boom') }, 'action failed');
    });
    const [span] = exported.spans();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      level: 'error',
      msg: 'action failed',
      service: 'traveldesk-b2b',
      trace_id: span!.spanContext().traceId,
      span_id: span!.spanContext().spanId,
      err: { type: 'TypeError', message: 'boom', stack: expect.stringContaining('TypeError: boom') },
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('writes no trace id outside any span', () => {
    serverLog().warn('starting');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'warn', msg: 'starting' });
    expect(line.trace_id).toBeUndefined();
  });

  it('writes an error as its type, message, code and stack, not every field it holds (a driver error holds its connection)', () => {
    const error = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET', client: { connectionParameters: { password: 'secret' } } });
    serverLog().error({ err: error }, 'job queue (pg-boss) failed');
    const line = JSON.parse(lines[0]!);
    expect(Object.keys(line.err).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(line.err.code).toBe('ECONNRESET');
    expect(lines[0]).not.toContain('secret');
  });
});
