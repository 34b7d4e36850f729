'use client';

import 'rrweb/dist/style.css';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Replayer } from 'rrweb';
import { Button } from '@/components/ui/button';

// The console's replay player (docs/telemetry.md "## Replay"): rrweb's Replayer, loaded only on
// this page, with our own controls (rrweb-player's are English-only and not keyboard-complete),
// next to the session's telemetry. Clicking a row seeks the recording to that moment.

export type TimelineItem = {
  id: number;
  /** Milliseconds since the epoch (the browser's clock, as the recording's). */
  at: number;
  kind: string;
  name: string;
  message: string | null;
  path: string | null;
  isError: boolean;
};

export type ReplayPlayerLabels = {
  region: string;
  loading: string;
  failed: string;
  retry: string;
  noEvents: string;
  play: string;
  pause: string;
  position: string;
  speed: string;
  skipInactive: string;
  keyboardHint: string;
  timelineTitle: string;
  timelineEmpty: string;
  /** `{time}` is replaced by the offset. */
  seek: string;
  beforeRecording: string;
  errorsOnly: string;
  kinds: Record<string, string>;
};

type State = 'loading' | 'ready' | 'failed' | 'empty';
type ReplayEvent = { type: number; timestamp: number; data?: unknown };

const SPEEDS = [1, 2, 4, 8];
const STEP_MS = 5000;
const SLIDER_STEP_MS = 100;

/** `m:ss` (or `h:mm:ss`) of a duration. */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function ReplayPlayer({ eventsUrl, timeline, labels }: { eventsUrl: string; timeline: TimelineItem[]; labels: ReplayPlayerLabels }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [meta, setMeta] = useState({ startTime: 0, totalTime: 0 });
  const [viewport, setViewport] = useState({ width: 1280, height: 720 });
  const [scale, setScale] = useState(1);
  const [speed, setSpeed] = useState(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const [errorsOnly, setErrorsOnly] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let instance: Replayer | null = null;
    void (async () => {
      try {
        const [response, { Replayer: ReplayerClass }] = await Promise.all([fetch(eventsUrl, { credentials: 'same-origin' }), import('rrweb')]);
        if (cancelled) return;
        if (response.status === 404) return setState('empty');
        if (!response.ok) return setState('failed');
        const events = ((await response.json()) as ReplayEvent[]).sort((a, b) => a.timestamp - b.timestamp);
        if (cancelled || !stage.current) return;
        if (events.length < 2) return setState('empty');
        stage.current.replaceChildren();
        instance = new ReplayerClass(events as ConstructorParameters<typeof ReplayerClass>[0], {
          root: stage.current,
          skipInactive: true,
          showWarning: false,
          mouseTail: false,
          triggerFocus: false,
          // Seeking applies the events before the position straight to the page: rrweb's virtual
          // DOM, its faster default, left a masked field empty after a seek now and then.
          useVirtualDom: false,
          // The recorded page's scripts never run: rrweb rebuilds the DOM without them.
          UNSAFE_replayCanvas: false,
        });
        instance.on('resize', (dimension) => {
          const { width, height } = dimension as { width: number; height: number };
          if (width > 0 && height > 0) setViewport({ width, height });
        });
        instance.on('finish', () => setPlaying(false));
        replayer.current = instance;
        const { startTime, totalTime } = instance.getMetaData();
        setMeta({ startTime, totalTime });
        instance.pause(0);
        setCurrent(0);
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      instance?.destroy();
      replayer.current = null;
    };
  }, [eventsUrl, attempt]);

  // The recorded viewport, scaled to the width the page gives the player.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => setScale(Math.min(1, element.clientWidth / viewport.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [viewport.width, state]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setCurrent(replayer.current?.getCurrentTime() ?? 0), 250);
    return () => clearInterval(timer);
  }, [playing]);

  const seek = useCallback(
    (offset: number, play = playing) => {
      const instance = replayer.current;
      if (!instance) return;
      // One millisecond past the end, so the last event itself is applied (rrweb applies those before the position).
      const clamped = Math.min(Math.max(0, offset), meta.totalTime + 1);
      if (play) instance.play(clamped);
      else instance.pause(clamped);
      setCurrent(clamped);
    },
    [meta.totalTime, playing],
  );

  const toggle = useCallback(() => {
    const instance = replayer.current;
    if (!instance) return;
    if (playing) {
      instance.pause();
      setCurrent(instance.getCurrentTime());
      setPlaying(false);
    } else {
      instance.play(current >= meta.totalTime ? 0 : current);
      setPlaying(true);
    }
  }, [playing, current, meta.totalTime]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (state !== 'ready' || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLButtonElement) return;
    if (event.key === ' ') {
      event.preventDefault();
      toggle();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      seek(current + (event.key === 'ArrowRight' ? STEP_MS : -STEP_MS));
    }
  };

  const shown = useMemo(() => (errorsOnly ? timeline.filter((item) => item.isError) : timeline), [timeline, errorsOnly]);

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-label={labels.region} className="grid content-start gap-3">
        <div
          ref={frame}
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-describedby="replay-keyboard-hint"
          data-testid="replay-stage"
          data-state={state}
          className="relative overflow-hidden rounded-xl border border-border bg-muted focus-visible:outline-2 focus-visible:outline-primary"
          style={{ height: state === 'ready' ? viewport.height * scale : undefined, minHeight: state === 'ready' ? undefined : '12rem' }}
        >
          <div ref={stage} className="origin-top-left [&_iframe]:border-0 [&_iframe]:bg-white" style={{ transform: `scale(${scale})`, width: viewport.width, height: viewport.height }} />
          {state !== 'ready' ? (
            <div className="absolute inset-0 grid place-items-center p-4 text-center text-sm" role={state === 'failed' ? 'alert' : 'status'}>
              {state === 'loading' ? labels.loading : null}
              {state === 'empty' ? labels.noEvents : null}
              {state === 'failed' ? (
                <span className="grid gap-2">
                  {labels.failed}
                  <Button type="button" variant="outline" size="sm" onClick={() => {
                      setState('loading');
                      setAttempt((count) => count + 1);
                    }}>
                    {labels.retry}
                  </Button>
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Button type="button" size="sm" onClick={toggle} disabled={state !== 'ready'} aria-pressed={playing} data-testid="replay-play">
            {playing ? labels.pause : labels.play}
          </Button>
          <label className="flex min-w-48 flex-1 items-center gap-2">
            <span className="sr-only">{labels.position}</span>
            <input
              type="range"
              min={0}
              // A whole number of steps, so End reaches the last event (seek clamps to the recording's length).
              max={Math.max(SLIDER_STEP_MS, Math.ceil(meta.totalTime / SLIDER_STEP_MS) * SLIDER_STEP_MS)}
              step={SLIDER_STEP_MS}
              value={Math.min(Math.ceil(meta.totalTime / SLIDER_STEP_MS) * SLIDER_STEP_MS, Math.round(current))}
              disabled={state !== 'ready'}
              onChange={(event) => seek(Number(event.target.value))}
              aria-valuetext={`${formatOffset(current)} / ${formatOffset(meta.totalTime)}`}
              className="w-full accent-primary"
            />
            <span className="tabular-nums whitespace-nowrap" data-testid="replay-time">
              {formatOffset(current)} / {formatOffset(meta.totalTime)}
            </span>
          </label>
          <label className="flex items-center gap-2">
            {labels.speed}
            <select
              value={speed}
              disabled={state !== 'ready'}
              onChange={(event) => {
                const value = Number(event.target.value);
                setSpeed(value);
                replayer.current?.setConfig({ speed: value });
              }}
              className="h-8 rounded-md border border-border bg-background px-2"
            >
              {SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value}×
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={skipInactive}
              disabled={state !== 'ready'}
              onChange={(event) => {
                setSkipInactive(event.target.checked);
                replayer.current?.setConfig({ skipInactive: event.target.checked });
              }}
            />
            {labels.skipInactive}
          </label>
        </div>
        <p id="replay-keyboard-hint" className="text-xs text-muted-foreground">
          {labels.keyboardHint}
        </p>
      </section>
      <section aria-labelledby="replay-timeline" className="grid content-start gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id="replay-timeline" className="font-semibold">
            {labels.timelineTitle}
          </h2>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={errorsOnly} onChange={(event) => setErrorsOnly(event.target.checked)} />
            {labels.errorsOnly}
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{labels.timelineEmpty}</p>
        ) : (
          <ol className="grid max-h-[36rem] gap-1 overflow-y-auto text-sm" data-testid="replay-timeline">
            {shown.map((item) => {
              const offset = item.at - meta.startTime;
              const time = offset < 0 ? labels.beforeRecording : formatOffset(offset);
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    disabled={state !== 'ready'}
                    onClick={() => seek(offset, false)}
                    aria-label={labels.seek.replace('{time}', time)}
                    data-kind={item.kind}
                    className={`grid w-full gap-0.5 rounded-md border px-2 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 ${item.isError ? 'border-destructive/40 bg-destructive/5' : 'border-border'}`}
                  >
                    <span className="flex justify-between gap-2">
                      <span className="font-medium">{labels.kinds[item.kind] ?? item.kind}</span>
                      <span className="tabular-nums text-muted-foreground">{time}</span>
                    </span>
                    <span className="break-all">{item.name}</span>
                    {item.message ? <span className="line-clamp-2 break-all text-muted-foreground">{item.message}</span> : null}
                    {item.path ? <span className="break-all text-xs text-muted-foreground">{item.path}</span> : null}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
