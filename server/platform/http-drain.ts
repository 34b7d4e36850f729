import diagnosticsChannel from 'node:diagnostics_channel';
import type { Server, ServerResponse } from 'node:http';

// A graceful shutdown needs the process's http.Server, which Next creates (start-server.js) before
// instrumentation runs and never hands out. Node's public `http.server.request.start` channel
// names the server of every request: the first request tells us the server, and every request is
// counted until its response closes. docs/platform-workarounds.md, row "HTTP drain".

const STATE = Symbol.for('traveldesk.httpDrain');

type DrainState = {
  /** Held here so the channel (and its subscription) lives as long as the process. */
  channel: diagnosticsChannel.Channel;
  servers: Set<Server>;
  closed: Set<Server>;
  inFlight: Set<ServerResponse>;
  draining: boolean;
  /** Called when a response closes or a server has closed while draining. */
  changed: () => void;
};

type RequestStart = { server: Server; response: ServerResponse };

const globalForDrain = globalThis as typeof globalThis & { [STATE]?: DrainState };

/** Starts counting the requests in flight and learning the servers (once per process, before the first request is answered). */
export function installHttpDrainTracking(): void {
  if (globalForDrain[STATE]) return;
  const state: DrainState = {
    channel: diagnosticsChannel.channel('http.server.request.start'),
    servers: new Set(),
    closed: new Set(),
    inFlight: new Set(),
    draining: false,
    changed: () => {},
  };
  globalForDrain[STATE] = state;
  state.channel.subscribe((message) => {
    const { server, response } = message as RequestStart;
    state.inFlight.add(response);
    response.once('close', () => {
      state.inFlight.delete(response);
      state.changed();
    });
    if (!state.draining) {
      state.servers.add(server);
      return;
    }
    // A request arriving while draining (on a connection kept alive, or the first one a server
    // ever had) is answered, and its connection closed after the answer.
    response.shouldKeepAlive = false;
    if (!state.servers.has(server)) {
      state.servers.add(server);
      closeServer(state, server);
    }
  });
}

export type Drain = {
  /** Resolves once no request is in flight and every server has closed its connections. */
  drained: Promise<void>;
  /** Cuts every connection still open (the time allowed is up); answers how many requests were cut. */
  cut: () => number;
};

/** How often connections that fell idle during the drain are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections (new ones are refused) and lets the requests in flight finish: their
 * connections close after their answer instead of being kept alive, and connections left idle are
 * closed as they fall idle.
 */
export function drainHttpServers(): Drain {
  const state = globalForDrain[STATE];
  if (!state) throw new Error('installHttpDrainTracking() must run at server start');
  state.draining = true;
  for (const response of state.inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
  for (const server of state.servers) closeServer(state, server);
  const sweep = setInterval(() => {
    for (const server of state.servers) if (!state.closed.has(server)) server.closeIdleConnections();
  }, IDLE_SWEEP_MS);
  sweep.unref();
  const drained = new Promise<void>((resolve) => {
    const check = () => {
      if (state.inFlight.size > 0 || [...state.servers].some((server) => !state.closed.has(server))) return;
      clearInterval(sweep);
      resolve();
    };
    state.changed = check;
    check();
  });
  const cut = () => {
    const running = state.inFlight.size;
    for (const server of state.servers) server.closeAllConnections();
    clearInterval(sweep);
    return running;
  };
  return { drained, cut };
}

function closeServer(state: DrainState, server: Server): void {
  // Node (19+) also closes the connections idle at this moment.
  server.close(() => {
    state.closed.add(server);
    state.changed();
  });
}
