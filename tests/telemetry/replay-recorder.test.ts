import { gunzipSync } from 'node:zlib';
import { type RecordFunction, type RecorderEvent, ReplayRecorder, type Upload } from '@/components/telemetry/replay/replay-recorder';
import { createUpload, nextChunkNumber } from '@/components/telemetry/replay/replay-upload';
import {
  isReplayExcludedPath,
  isSampled,
  REPLAY_FLUSH_INTERVAL_MS,
  REPLAY_INACTIVITY_MS,
  REPLAY_PRIVACY,
  telemetrySessionId,
} from '@/shared/telemetry/replay';

// The recorder's rules with fake timers and a stand-in for rrweb's `record`: sampling decided once
// per session, never a payment page, chunks every 10 s, the end after 30 minutes without input.

describe('sampling', () => {
  const ids = Array.from({ length: 4000 }, (_, index) => `session${index.toString(36).padStart(15, '0')}`);

  it('records every session at 1, none at 0 (and at a rate that is not a number)', () => {
    expect(ids.every((id) => isSampled(id, 1))).toBe(true);
    expect(ids.some((id) => isSampled(id, 0))).toBe(false);
    expect(isSampled(ids[0]!, Number.NaN)).toBe(false);
  });

  it('decides once per session: the same id always gets the same answer, and the share follows the rate', () => {
    for (const id of ids.slice(0, 50)) expect(isSampled(id, 0.3)).toBe(isSampled(id, 0.3));
    const share = ids.filter((id) => isSampled(id, 0.25)).length / ids.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.3);
    // A session in at a low rate stays in at a higher one.
    expect(ids.filter((id) => isSampled(id, 0.1)).every((id) => isSampled(id, 0.5))).toBe(true);
  });

  it('reads the session id from the SDK’s `ai_session` cookie, and nothing from a malformed one', () => {
    expect(telemetrySessionId('a=b; ai_session=AbCdEfGhIjKlMnOpQrStUv|1700000000000|1700000001000; ai_user=x')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(telemetrySessionId('ai_session=Ab%2BCdEfGhIj%2FKlMnOpQrS|1|2')).toBe('Ab+CdEfGhIj/KlMnOpQrS');
    expect(telemetrySessionId('ai_user=x')).toBeNull();
    expect(telemetrySessionId('ai_session=<script>|1|2')).toBeNull();
  });
});

describe('pages never recorded', () => {
  it.each([
    '/pay/4f1c2a',
    '/ru/pay/4f1c2a',
    '/pay/sandbox/ch_123',
    '/en/pay/sandbox/ch_123',
    '/top-up',
    '/ru/top-up',
    '/embedded/payment/b1',
    '/ru/embedded/booking/p1',
    '/payment/b1',
    '/booking/p1',
    '/ops/telemetry/replays/x',
  ])('%s', (path) => expect(isReplayExcludedPath(path)).toBe(true));

  it.each(['/', '/ru', '/tours/desert-safari', '/checkout', '/bookings', '/my-bookings', '/embedded/checkout', '/payments-faq', '/booking-terms', '/paywall'])(
    'records %s',
    (path) => expect(isReplayExcludedPath(path)).toBe(false),
  );
});

/** rrweb's `record` stood in for: the options it was given and a way to emit as rrweb would. */
function fakeRrweb() {
  const calls: { emit: (event: RecorderEvent) => void; options: Record<string, unknown>; stopped: boolean }[] = [];
  const record: RecordFunction = (options) => {
    const call = { emit: options.emit, options, stopped: false };
    calls.push(call);
    call.emit({ type: 4, timestamp: Date.now(), data: { href: 'x', width: 1, height: 1 } });
    call.emit({ type: 2, timestamp: Date.now(), data: { node: {} } });
    return () => {
      call.stopped = true;
    };
  };
  return { record, calls, last: () => calls.at(-1)! };
}

const mouse = (): RecorderEvent => ({ type: 3, timestamp: Date.now(), data: { source: 2, type: 1 } });
const mutation = (): RecorderEvent => ({ type: 3, timestamp: Date.now(), data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } });

function setUp(path = '/tours') {
  const rrweb = fakeRrweb();
  const uploads: Parameters<Upload>[0][] = [];
  const location = { path };
  const ended: string[] = [];
  const upload: Upload = async (chunk) => {
    uploads.push(chunk);
    return 'stored';
  };
  const recorder = new ReplayRecorder({ record: rrweb.record, upload, path: () => location.path, onEnded: (reason) => ended.push(reason) });
  return { rrweb, uploads, location, recorder, ended };
}

describe('ReplayRecorder', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('records with every input masked and private elements blocked', () => {
    const { rrweb, recorder } = setUp();
    recorder.start();
    expect(rrweb.last().options).toMatchObject({ maskAllInputs: true, blockSelector: REPLAY_PRIVACY.blockSelector, maskTextSelector: REPLAY_PRIVACY.maskTextSelector });
    expect(REPLAY_PRIVACY.blockSelector).toContain('[data-private]');
    expect(REPLAY_PRIVACY.maskTextSelector).toContain('[autocomplete^="cc-"]');
  });

  it('sends what it buffered every 10 seconds, and nothing when there is nothing', async () => {
    const { rrweb, uploads, recorder } = setUp();
    recorder.start();
    rrweb.last().emit(mouse());
    await vi.advanceTimersByTimeAsync(REPLAY_FLUSH_INTERVAL_MS - 1);
    expect(uploads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.events.map((event) => event.type)).toEqual([4, 2, 3]);
    expect(uploads[0]!.path).toBe('/tours');
    await vi.advanceTimersByTimeAsync(REPLAY_FLUSH_INTERVAL_MS);
    expect(uploads).toHaveLength(1);
  });

  it('never starts on a payment page, and pauses on navigating to one: what the page emitted is dropped', async () => {
    const onPayment = setUp('/pay/sandbox/ch_1');
    onPayment.recorder.start();
    expect(onPayment.rrweb.calls).toHaveLength(0);
    expect(onPayment.recorder.recording).toBe(false);

    const { rrweb, uploads, location, recorder } = setUp('/checkout');
    recorder.start();
    const first = rrweb.last();
    // The URL changes before the payment page's DOM reaches rrweb's emit.
    location.path = '/pay/abc';
    first.emit({ type: 3, timestamp: Date.now(), data: { source: 0, adds: [{ node: { textContent: '4242 4242 4242 4242' } }] } });
    recorder.navigated('/pay/abc');
    expect(first.stopped).toBe(true);
    expect(recorder.recording).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.end).toBe('payment_page');
    expect(JSON.stringify(uploads[0]!.events)).not.toContain('4242');
    // Nothing is recorded while on the page.
    await vi.advanceTimersByTimeAsync(REPLAY_FLUSH_INTERVAL_MS * 3);
    expect(uploads).toHaveLength(1);
    // Leaving it starts a new recording with a fresh snapshot.
    location.path = '/bookings';
    recorder.navigated('/bookings');
    expect(rrweb.calls).toHaveLength(2);
    expect(recorder.recording).toBe(true);
  });

  it('ends after 30 minutes without input; the page’s own changes do not keep it going', async () => {
    const { rrweb, uploads, recorder, ended } = setUp();
    recorder.start();
    await vi.advanceTimersByTimeAsync(REPLAY_INACTIVITY_MS - 60_000);
    rrweb.last().emit(mouse());
    // 29 minutes after that input, with the page changing itself all along, it still records.
    for (let minute = 0; minute < 29; minute += 1) {
      rrweb.last().emit(mutation());
      await vi.advanceTimersByTimeAsync(60_000);
    }
    expect(recorder.recording).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorder.recording).toBe(false);
    expect(recorder.hasEnded).toBe(true);
    expect(rrweb.last().stopped).toBe(true);
    expect(ended).toEqual(['inactivity']);
    expect(uploads.at(-1)!.end).toBe('inactivity');
    // Ended for good: a navigation does not start it again (the island starts a new one on the next input).
    recorder.navigated('/tours/x');
    expect(rrweb.calls).toHaveLength(1);
    const sent = uploads.length;
    await vi.advanceTimersByTimeAsync(REPLAY_FLUSH_INTERVAL_MS * 2);
    expect(uploads).toHaveLength(sent);
  });

  it('stops for good when the server refuses the session (not recorded, the size cap)', async () => {
    const rrweb = fakeRrweb();
    const ended: string[] = [];
    const recorder = new ReplayRecorder({ record: rrweb.record, upload: async () => 'stop', path: () => '/', onEnded: (reason) => ended.push(reason) });
    recorder.start();
    await vi.advanceTimersByTimeAsync(REPLAY_FLUSH_INTERVAL_MS);
    expect(ended).toEqual(['refused']);
    expect(rrweb.last().stopped).toBe(true);
  });
});

describe('createUpload', () => {
  afterEach(() => vi.useRealTimers());

  it('gzips the events, numbers each chunk of the session once, and tells a refusal from a retry', async () => {
    const sent: { url: string; body: Uint8Array; keepalive?: boolean }[] = [];
    const statuses = [204, 503, 204, 403];
    const storage = new Map<string, string>();
    const upload = createUpload({
      sessionId: 'AbCdEfGhIjKlMnOpQrStUv',
      locale: 'ru',
      storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
      fetch: async (url, init) => {
        sent.push({ url: String(url), body: init?.body as Uint8Array, keepalive: init?.keepalive });
        return new Response(null, { status: statuses.shift() ?? 204 });
      },
    });
    const events = [{ type: 4, timestamp: 1, data: { typed: 'masked' } }];
    // Only the retry's wait is faked: the compression stream runs on Node's own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await upload({ events, path: '/tours', leaving: false })).toBe('stored');
    let outcome: string | undefined;
    void upload({ events, path: '/tours', end: 'inactivity', leaving: false }).then((value) => (outcome = value));
    // The compression runs on Node's thread pool: time moves on until the retry's wait has passed
    // (bounded by the real clock, not a count of steps: a loaded machine compresses slowly).
    for (const deadline = Date.now() + 20_000; outcome === undefined && Date.now() < deadline; ) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(outcome).toBe('stored');
    expect(await upload({ events, path: '/x', leaving: true })).toBe('stop');
    const queries = sent.map((request) => new URL(request.url, 'http://localhost').searchParams);
    expect(queries.map((query) => query.get('seq'))).toEqual(['0', '1', '1', '2']);
    expect(queries[1]!.get('end')).toBe('inactivity');
    expect(queries[0]!.get('locale')).toBe('ru');
    expect(JSON.parse(gunzipSync(sent[0]!.body).toString())).toEqual(events);
    expect(sent[3]!.keepalive).toBe(true);
  });

  it('continues the numbering across pages of the session, and survives a storage that refuses', () => {
    const storage = new Map<string, string>([['traveldesk-replay-seq:s1', '7']]);
    const store = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) };
    expect(nextChunkNumber('s1', store)).toBe(7);
    expect(nextChunkNumber('s1', store)).toBe(8);
    expect(nextChunkNumber('s2', store)).toBe(0);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(nextChunkNumber('s1', refusing)).toBeGreaterThanOrEqual(100_000);
  });
});
