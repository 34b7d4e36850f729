import { REPLAY_FLUSH_INTERVAL_MS, telemetrySessionId } from '@/shared/telemetry/replay';
import { type RecordFunction, ReplayRecorder } from './replay-recorder';
import { createUpload } from './replay-upload';

// The recording side of the replay island (docs/telemetry.md "## Replay"), loaded only after the
// page is idle: it waits for the telemetry SDK's session cookie, asks the server once per session
// whether the session is recorded (REPLAY_SAMPLE_RATE, the agency's opt-out), and only then loads
// rrweb (a chunk of its own) and records.

const SESSION_POLL_MS = 1000;
/** The SDK sets its cookie within seconds of loading; a page that never gets one is not recorded. */
const SESSION_WAIT_MS = 10 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

async function waitForSessionId(signal: AbortSignal): Promise<string | null> {
  const deadline = Date.now() + SESSION_WAIT_MS;
  while (!signal.aborted && Date.now() < deadline) {
    const id = telemetrySessionId(document.cookie);
    if (id) return id;
    await new Promise((resolve) => setTimeout(resolve, SESSION_POLL_MS));
  }
  return null;
}

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The server's decision for the session, asked once and kept for the tab's life. */
async function isRecorded(sessionId: string, signal: AbortSignal): Promise<boolean> {
  const storage = storageOf('sessionStorage');
  const key = `traveldesk-replay-decision:${sessionId}`;
  const kept = storage?.getItem(key);
  if (kept === '1' || kept === '0') return kept === '1';
  const response = await fetch(`/api/telemetry/replay?${new URLSearchParams({ sessionId })}`, { signal, credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return false;
  const { record } = (await response.json().catch(() => ({ record: false }))) as { record?: boolean };
  try {
    storage?.setItem(key, record ? '1' : '0');
  } catch {
    // Not kept: asked again on the next page.
  }
  return record === true;
}

export type ReplaySession = { navigated: (path: string) => void; stop: () => void };

/** Starts the replay of this tab's telemetry session when it is recorded; `stop` ends it (the island unmounted). */
export function startReplaySession(): ReplaySession {
  const controller = new AbortController();
  const { signal } = controller;
  let sessionId: string | null = null;
  let recorder: ReplayRecorder | null = null;

  const begin = async () => {
    if (typeof CompressionStream === 'undefined') return;
    sessionId = await waitForSessionId(signal);
    if (!sessionId || signal.aborted || !(await isRecorded(sessionId, signal)) || signal.aborted) return;
    const { record } = await import('rrweb');
    if (signal.aborted) return;
    recorder = new ReplayRecorder({
      record: record as unknown as RecordFunction,
      upload: createUpload({ sessionId, locale: document.documentElement.lang || 'en', storage: storageOf('localStorage') }),
      path: () => window.location.pathname,
      onEnded: (reason) => {
        // After 30 minutes idle (or a new session) the next input starts a new recording.
        if (reason === 'inactivity' || reason === 'session_changed') resumeOnActivity();
      },
    });
    recorder.start();
  };

  const resumeOnActivity = () => {
    const resume = () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, resume);
      recorder = null;
      void begin();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, resume, { passive: true, signal });
  };

  // The SDK renews its session after 30 minutes idle and ends it after 24 hours: a recording is of one session.
  const sessionCheck = setInterval(() => {
    if (!recorder || recorder.hasEnded || !sessionId) return;
    const now = telemetrySessionId(document.cookie);
    if (now && now !== sessionId) recorder.end('session_changed');
  }, REPLAY_FLUSH_INTERVAL_MS);

  const leaving = () => void recorder?.flush({ leaving: true });
  window.addEventListener('pagehide', leaving, { signal });
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'hidden') leaving();
    },
    { signal },
  );

  void begin();
  return {
    navigated: (path) => recorder?.navigated(path),
    stop: () => {
      controller.abort();
      clearInterval(sessionCheck);
      recorder?.end('session_changed');
      recorder = null;
    },
  };
}
