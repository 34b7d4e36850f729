export type ShutdownReason = 'SIGTERM' | 'SIGINT' | 'parent exited';

const INSTALLED = Symbol.for('traveldesk.shutdownSignals');

/** The name of the listener Next's `startServer` puts on SIGINT and SIGTERM (next/dist/server/lib/start-server.js). */
export const NEXT_SIGNAL_LISTENER = 'cleanup';

/**
 * Makes `onShutdown` the process's one answer to SIGTERM and SIGINT. Next's `next start` and the
 * standalone `server.js` install their own (unless NEXT_MANUAL_SIG_HANDLE is set): it stops
 * accepting, waits for every connection without a bound, and exits 143 without closing what the
 * portal opened (job queue, database pools). Instrumentation runs after Next installed it, so it is
 * taken off here, by its name. With an IPC channel to a parent (`npm start`'s scripts/start.mjs),
 * the parent going away ends this process too, so no server is left behind. The server process
 * only, in production (`next dev` keeps Next's own).
 */
export function takeOverShutdownSignals(onShutdown: (reason: ShutdownReason) => void): void {
  const processState = process as NodeJS.Process & { [INSTALLED]?: boolean };
  if (processState[INSTALLED]) return;
  processState[INSTALLED] = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const listener of process.listeners(signal)) {
      if (listener.name === NEXT_SIGNAL_LISTENER) process.removeListener(signal, listener);
    }
    process.on(signal, () => onShutdown(signal));
  }
  if (process.channel) process.on('disconnect', () => onShutdown('parent exited'));
}
