import type { AnalyticsEventName } from '@/shared/telemetry/analytics-events';
import type { ClientErrorCode } from '@/shared/telemetry/client-error-codes';
import type { PostHogSettings } from '@/shared/telemetry/posthog-settings';

// The small part of browser telemetry that first-load JS carries: where the SDK's module comes
// from and what waits for it. The SDK itself (components/telemetry/telemetry-sdk.ts) is a separate
// chunk, loaded after the page is interactive (telemetry-islands.tsx) or at once for an error.

export type AnalyticsProperties = Record<string, string | number | boolean>;

export type ClientErrorReport = { code?: ClientErrorCode; message: string; stack?: string; componentStack?: string; digest?: string };

/** What the loaded SDK offers the rest of the page. */
export type BrowserTelemetry = {
  /** A route change: a page view once the new page has rendered (spec §9's 500 ms page-view delay). */
  routeChanged(): void;
  track(name: AnalyticsEventName, properties: AnalyticsProperties): void;
  /** An exception with error severity (spec §8), sent at once. */
  exception(report: ClientErrorReport): void;
  /** A server action that answered a failure, as a failed dependency. */
  actionFailure(failure: { status: number; message: string }): void;
  /** The signed-in agent's e-mail as the authenticated user (spec §1), or null when signed out. */
  setUser(email: string | null): void;
};

export type TelemetrySettings = { posthog: PostHogSettings | null };

/** Calls waiting for the SDK; a page that never loads it keeps at most this many. */
const MAX_WAITING = 100;

let settings: TelemetrySettings = { posthog: null };
let loading: Promise<BrowserTelemetry> | null = null;
let loaded: BrowserTelemetry | null = null;
const waiting: ((telemetry: BrowserTelemetry) => void)[] = [];
// undefined: not known yet (a static page before its session check).
let agentEmail: string | null | undefined;
// The agent session provider is asking the server who is signed in.
let sessionChecking = false;
const sessionWaiters = new Set<() => void>();

/** How long an error report waits for a session check under way, to name the agent (spec §1). */
const SESSION_WAIT_MS = 3_000;

/** The island's settings from the server, before the SDK loads. */
export function configureTelemetry(next: TelemetrySettings): void {
  settings = next;
}

/** Loads and starts the SDK once; later calls get the same instance. */
export function loadTelemetry(): Promise<BrowserTelemetry> {
  loading ??= import('./telemetry-sdk').then(async ({ startBrowserTelemetry }) => {
    // Evaluating the SDK and starting it are two tasks, not one long one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const telemetry = startBrowserTelemetry(settings);
    if (agentEmail !== undefined) telemetry.setUser(agentEmail);
    loaded = telemetry;
    for (const call of waiting.splice(0)) call(telemetry);
    return telemetry;
  });
  return loading;
}

/** Runs `call` with the SDK once it has loaded, without loading it sooner. */
export function whenTelemetryLoaded(call: (telemetry: BrowserTelemetry) => void): void {
  if (loaded) call(loaded);
  else if (waiting.length < MAX_WAITING) waiting.push(call);
}

/**
 * Who is signed in, from the agent session provider (components/auth/agent-session.tsx): an
 * e-mail, null for nobody, undefined while it asks the server.
 */
export function publishAgentEmail(email: string | null | undefined): void {
  sessionChecking = email === undefined;
  if (email === undefined || email === agentEmail) return;
  agentEmail = email;
  loaded?.setUser(email);
  for (const wake of sessionWaiters) wake();
}

/**
 * Resolves once the agent is known, at once when no session check is under way, else when it
 * answers (at most SESSION_WAIT_MS): an error report then carries the agent's e-mail.
 */
export function agentSettled(): Promise<void> {
  if (!sessionChecking) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      sessionWaiters.delete(wake);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(wake, SESSION_WAIT_MS);
    sessionWaiters.add(wake);
  });
}
