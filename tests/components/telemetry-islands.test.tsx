// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { TelemetryIslands } from '@/components/telemetry/telemetry-islands';

// The island loads the telemetry SDK only once the page is interactive (idle after the load
// event, or the user's first interaction), and turns each route change into a page view.

const loader = vi.hoisted(() => ({
  configureTelemetry: vi.fn(),
  loadTelemetry: vi.fn(() => Promise.resolve({})),
  whenTelemetryLoaded: vi.fn((_call: (telemetry: { routeChanged(): void }) => void) => {}),
}));
vi.mock('@/components/telemetry/telemetry-loader', () => loader);
// Session replay's island, mounted beside the SDK's, waits for idle too: it has its own tests.
vi.mock('@/components/telemetry/replay/replay-island', () => ({ ReplayIsland: () => null }));

const route = vi.hoisted(() => ({ pathname: '/tour/desert-safari', search: '' }));
vi.mock('next/navigation', () => ({
  usePathname: () => route.pathname,
  useSearchParams: () => new URLSearchParams(route.search),
}));

let idleCallbacks: (() => void)[] = [];

beforeEach(() => {
  loader.loadTelemetry.mockClear();
  loader.whenTelemetryLoaded.mockClear();
  loader.configureTelemetry.mockClear();
  idleCallbacks = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('TelemetryIslands', () => {
  it('renders nothing and loads the SDK only at an idle moment from 5 s after the load event', () => {
    // Only the timers: the browser's idle callbacks are this test's own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { container } = render(<TelemetryIslands posthog={null} />);
      expect(container).toBeEmptyDOMElement();
      expect(loader.configureTelemetry).toHaveBeenCalledWith({ posthog: null });
      act(() => void vi.advanceTimersByTime(4_999));
      expect(idleCallbacks).toHaveLength(0);
      act(() => void vi.advanceTimersByTime(1));
      expect(loader.loadTelemetry).not.toHaveBeenCalled();
      expect(idleCallbacks).toHaveLength(1);
      act(() => idleCallbacks[0]!());
      expect(loader.loadTelemetry).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the SDK at the first interaction, once', () => {
    render(<TelemetryIslands posthog={{ key: 'phc_key', host: 'https://posthog.example' }} />);
    expect(loader.configureTelemetry).toHaveBeenCalledWith({ posthog: { key: 'phc_key', host: 'https://posthog.example' } });
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('keydown'));
    });
    expect(loader.loadTelemetry).toHaveBeenCalledTimes(1);
  });

  it('asks for a page view at each route change, not at the first render', () => {
    const { rerender } = render(<TelemetryIslands posthog={null} />);
    expect(loader.whenTelemetryLoaded).not.toHaveBeenCalled();
    route.pathname = '/search';
    route.search = 'q=desert';
    rerender(<TelemetryIslands posthog={null} />);
    expect(loader.whenTelemetryLoaded).toHaveBeenCalledTimes(1);
    const routeChanged = vi.fn();
    loader.whenTelemetryLoaded.mock.calls[0]![0]({ routeChanged });
    expect(routeChanged).toHaveBeenCalledTimes(1);
  });
});
