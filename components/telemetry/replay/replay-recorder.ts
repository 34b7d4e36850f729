import {
  isReplayExcludedPath,
  REPLAY_FLUSH_INTERVAL_MS,
  REPLAY_FLUSH_JSON_BYTES,
  REPLAY_INACTIVITY_MS,
  REPLAY_PRIVACY,
  type ReplayEndReason,
} from '@/shared/telemetry/replay';

// The recording of one telemetry session (docs/telemetry.md "## Replay"), apart from React and
// from rrweb's loading so its rules are unit-tested with fake timers: events are buffered and sent
// every 10 s (sooner when the buffer grows), never on a payment page (the recording pauses there
// and starts again, with a fresh snapshot, once the page is left), and ended after 30 minutes
// without a user's input.

/** An rrweb event as far as the recorder reads it. */
export type RecorderEvent = { type: number; timestamp: number; data?: unknown };

/** rrweb's `record` with the options this recorder passes: answers the function that stops it. */
export type RecordFunction = (options: {
  emit: (event: RecorderEvent) => void;
  maskAllInputs: boolean;
  blockSelector: string;
  maskTextSelector: string;
  [option: string]: unknown;
}) => (() => void) | undefined;

/** What the server said of an upload: stored, stop recording (not recorded, the size cap), or lost (dropped after retries). */
export type UploadOutcome = 'stored' | 'stop' | 'lost';

export type Upload = (chunk: { events: RecorderEvent[]; path: string; end?: ReplayEndReason; leaving: boolean }) => Promise<UploadOutcome>;

export type RecorderOptions = {
  record: RecordFunction;
  upload: Upload;
  /** The page's path now (location.pathname). */
  path: () => string;
  /** Told when the recording has ended for good (inactivity, the size cap, a refusal). */
  onEnded?: (reason: ReplayEndReason | 'refused') => void;
};

/** rrweb's incremental sources that are a person's doing (not the page's own changes). */
const USER_SOURCES = new Set([
  1, // MouseMove
  2, // MouseInteraction
  3, // Scroll
  5, // Input
  6, // TouchMove
  12, // Drag
  14, // Selection
]);
const INCREMENTAL_SNAPSHOT = 3;

export function isUserActivity(event: RecorderEvent): boolean {
  if (event.type !== INCREMENTAL_SNAPSHOT) return false;
  const source = (event.data as { source?: unknown } | undefined)?.source;
  return typeof source === 'number' && USER_SOURCES.has(source);
}

export class ReplayRecorder {
  private stopRecording: (() => void) | undefined;
  private buffer: RecorderEvent[] = [];
  private bufferBytes = 0;
  private bufferPath = '';
  private flushTimer: ReturnType<typeof setInterval> | undefined;
  private inactivityTimer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> = Promise.resolve();
  private ended = false;
  /** Set before rrweb starts: it emits the page's first snapshot from inside `record()`. */
  private active = false;

  constructor(private readonly options: RecorderOptions) {}

  /** Whether rrweb is recording now (false on a payment page and once ended). */
  get recording(): boolean {
    return this.active;
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  /** Starts recording unless the page is one never recorded. */
  start(): void {
    if (this.ended || this.recording) return;
    if (isReplayExcludedPath(this.options.path())) return;
    this.bufferPath = this.options.path();
    this.active = true;
    this.stopRecording = this.options.record({
      emit: (event) => this.take(event),
      ...REPLAY_PRIVACY,
      // Fewer mouse and scroll events; an input's last value only (masked anyway).
      sampling: { mousemove: 50, scroll: 150, media: 800, input: 'last' },
      slimDOMOptions: 'all',
      recordCanvas: false,
      collectFonts: false,
      inlineImages: false,
      recordCrossOriginIframes: false,
    }) ?? (() => {});
    // Paused from inside `record()` (the URL changed to a payment page meanwhile): stop it at once.
    if (!this.active) {
      this.halt();
      return;
    }
    this.flushTimer = setInterval(() => void this.flush(), REPLAY_FLUSH_INTERVAL_MS);
    this.touch();
  }

  /** The page changed (a client-side navigation): a payment page pauses the recording, leaving it starts it again. */
  navigated(path: string): void {
    if (this.ended) return;
    if (isReplayExcludedPath(path)) {
      if (this.recording) this.pause('payment_page');
      return;
    }
    if (!this.recording) this.start();
  }

  /** Sends what is buffered (on the interval, a full buffer, or leaving the page with `leaving`). */
  flush(options: { end?: ReplayEndReason; leaving?: boolean } = {}): Promise<void> {
    if (this.buffer.length === 0 && !options.end) return this.sending;
    const events = this.buffer;
    const path = this.bufferPath;
    this.buffer = [];
    this.bufferBytes = 0;
    this.bufferPath = this.options.path();
    if (events.length === 0) return this.sending;
    this.sending = this.sending.then(async () => {
      const outcome = await this.options.upload({ events, path, end: options.end, leaving: options.leaving ?? false });
      if (outcome === 'stop') this.end('refused');
    });
    return this.sending;
  }

  /** Ends the recording for good (the island may start another for a new session). */
  end(reason: ReplayEndReason | 'refused'): void {
    if (this.ended) return;
    this.halt();
    if (reason !== 'refused') {
      this.mark(reason);
      void this.flush({ end: reason });
    }
    this.ended = true;
    this.buffer = [];
    this.options.onEnded?.(reason);
  }

  private pause(reason: ReplayEndReason): void {
    this.halt();
    this.mark(reason);
    void this.flush({ end: reason });
  }

  /** A custom event (rrweb's type 5) saying why the recording stopped: the player shows the gap, the server stores the reason. */
  private mark(reason: ReplayEndReason): void {
    this.buffer.push({ type: 5, timestamp: Date.now(), data: { tag: 'replay-stop', payload: { reason } } });
  }

  private halt(): void {
    this.active = false;
    this.stopRecording?.();
    this.stopRecording = undefined;
    clearInterval(this.flushTimer);
    clearTimeout(this.inactivityTimer);
    this.flushTimer = undefined;
    this.inactivityTimer = undefined;
  }

  private take(event: RecorderEvent): void {
    if (this.ended || !this.recording) return;
    // A navigation into a payment page changes the URL before its DOM's mutations reach here:
    // they are dropped, and the recording pauses.
    if (isReplayExcludedPath(this.options.path())) {
      this.pause('payment_page');
      return;
    }
    this.buffer.push(event);
    this.bufferBytes += estimateBytes(event);
    if (isUserActivity(event)) this.touch();
    if (this.bufferBytes >= REPLAY_FLUSH_JSON_BYTES) void this.flush();
  }

  private touch(): void {
    clearTimeout(this.inactivityTimer);
    this.inactivityTimer = setTimeout(() => this.end('inactivity'), REPLAY_INACTIVITY_MS);
  }
}

/** An event's JSON size, roughly: a full snapshot and the DOM's mutations are measured, the small ones guessed. */
function estimateBytes(event: RecorderEvent): number {
  const source = (event.data as { source?: unknown } | undefined)?.source;
  return event.type === 2 || (event.type === INCREMENTAL_SNAPSHOT && source === 0) ? JSON.stringify(event).length : 200;
}
