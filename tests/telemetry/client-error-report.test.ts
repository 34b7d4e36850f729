import { clientErrorReportSchema, recordClientError } from '@/server/telemetry/client-error-report';
import { setLogSink } from '@/server/telemetry/logger';

// Spec §8: a failure to load the session is logged as CLIENT_SESSION_ERROR, through the endpoint
// that records the browser's errors (app/api/client-errors).

describe('the browser error report', () => {
  it('takes a CLIENT_SESSION_ERROR report and refuses a code it does not know', () => {
    const report = { code: 'CLIENT_SESSION_ERROR', message: 'session check answered 503', url: 'http://localhost/tour/x' };
    expect(clientErrorReportSchema.parse(report)).toEqual(report);
    expect(clientErrorReportSchema.safeParse({ ...report, code: 'SOMETHING_ELSE' }).success).toBe(false);
    // A render error has no code.
    expect(clientErrorReportSchema.parse({ message: 'boom' })).toEqual({ message: 'boom' });
  });

  it('logs a session failure as CLIENT_SESSION_ERROR with error severity, and a render error, as JSON lines', () => {
    const lines: string[] = [];
    setLogSink((line) => void lines.push(line));
    try {
      recordClientError({ code: 'CLIENT_SESSION_ERROR', message: 'session check answered 503', url: 'http://localhost/bookings?page=2' });
      recordClientError({ message: 'price table exploded' });
    } finally {
      setLogSink(null);
    }
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'client error CLIENT_SESSION_ERROR',
      severity: 'error',
      code: 'CLIENT_SESSION_ERROR',
      message: 'session check answered 503',
      url: 'http://localhost/bookings',
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', msg: 'client error', severity: 'error', message: 'price table exploded' });
  });
});
