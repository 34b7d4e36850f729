import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { activeTraceIds } from './tracing';

// The server's log (docs/telemetry.md#server): one JSON object per line on stdout, each carrying
// the trace and span id of the request or job it was written in, so a line leads to its trace
// and a slow span in the console leads to its lines. pino: the structured logger of Node's
// ecosystem, fast (it serialises without building intermediate objects), with the standard error
// serialiser (type, message, stack). Written synchronously to stdout, without its worker-thread
// transports (which a bundled server cannot load), so a line is out before a crash.

/** Where lines go: stdout, or a test's sink (setLogSink). One per process, whichever bundle logs. */
const SINK = Symbol.for('traveldesk.telemetry.logSink');
const globalForLog = globalThis as typeof globalThis & { [SINK]?: (line: string) => void };

const destination: DestinationStream = {
  write(line: string) {
    const sink = globalForLog[SINK];
    if (sink) sink(line);
    else process.stdout.write(line);
  },
};

/**
 * An error as a log line carries it: type, message, code, stack (with its causes'). Not every own
 * field, as pino's standard serialiser writes them: a driver's error holds its whole connection
 * (`client`, kilobytes a line).
 */
function errorFields(error: unknown) {
  if (!(error instanceof Error)) return error;
  const { type, message, stack } = pino.stdSerializers.err(error);
  const code = (error as { code?: unknown }).code;
  return { type, message, stack, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}) };
}

function createLogger(): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { service: 'traveldesk-b2b' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // `level: "error"` rather than pino's number: what a reader and a log shipper expect.
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => activeTraceIds() ?? {},
      serializers: { err: errorFields, cause: errorFields },
    },
    destination,
  );
}

const LOGGER = Symbol.for('traveldesk.telemetry.logger');
const globalForLogger = globalThis as typeof globalThis & { [LOGGER]?: Logger };

/** The process's logger (one for every bundle). `serverLog().error({ err }, 'what failed')`. */
export function serverLog(): Logger {
  globalForLogger[LOGGER] ??= createLogger();
  return globalForLogger[LOGGER];
}

/** Tests read the lines written; `null` sends them to stdout again. */
export function setLogSink(sink: ((line: string) => void) | null): void {
  globalForLog[SINK] = sink ?? undefined;
}
