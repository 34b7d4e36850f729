import { clientErrorReportSchema, recordClientError } from '@/server/telemetry/client-error-report';

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

  it('logs a session failure as CLIENT_SESSION_ERROR with error severity, and a render error as before', () => {
    const lines: string[] = [];
    console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    recordClientError({ code: 'CLIENT_SESSION_ERROR', message: 'session check answered 503', url: 'http://localhost/bookings' });
    recordClientError({ message: 'price table exploded' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[client-error\] CLIENT_SESSION_ERROR \{/);
    expect(JSON.parse(lines[0]!.slice(lines[0]!.indexOf('{')))).toEqual({
      severity: 'error',
      code: 'CLIENT_SESSION_ERROR',
      message: 'session check answered 503',
      url: 'http://localhost/bookings',
    });
    expect(lines[1]).toMatch(/^\[client-error\] \{"severity":"error","message":"price table exploded"\}$/);
  });
});
