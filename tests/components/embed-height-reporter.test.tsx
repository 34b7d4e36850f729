// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { EMBED_HEIGHT_MESSAGE, EmbedHeightReporter } from '@/components/guest-bookings/embed-height-reporter';

// The framed embed page tells public/embed.js its height, only to the framing page
// on the widget's domain (the `site` it was shown for), never to '*', and not at all unframed.

const SITE = 'www.agency.test';
const parent = { postMessage: vi.fn() };
const observers: { callback: () => void; observed: Element[]; disconnected: boolean }[] = [];

class FakeResizeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: () => void) {
    this.entry = { callback, observed: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.observed.push(element);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
  unobserve() {}
}

function frameIn(referrer: string, ancestorOrigins: string[] = []) {
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  Object.defineProperty(window.location, 'ancestorOrigins', { value: ancestorOrigins, configurable: true });
}

beforeEach(() => {
  parent.postMessage.mockReset();
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  Object.defineProperty(document.body, 'scrollHeight', { value: 640, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
});

describe('EmbedHeightReporter', () => {
  it('posts the height to the framing page\'s origin when it is on the site, and again on every resize', () => {
    frameIn(`https://${SITE}/tickets?x=1`);
    const { unmount } = render(<EmbedHeightReporter site={SITE} />);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: EMBED_HEIGHT_MESSAGE, height: 640 }, `https://${SITE}`);
    expect(observers[0]?.observed).toEqual([document.body]);

    Object.defineProperty(document.body, 'scrollHeight', { value: 1200, configurable: true });
    act(() => observers[0]!.callback());
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: EMBED_HEIGHT_MESSAGE, height: 1200 }, `https://${SITE}`);
    for (const [, target] of parent.postMessage.mock.calls) expect(target).toBe(`https://${SITE}`);

    unmount();
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('keeps the framing page\'s scheme and port', () => {
    frameIn(`http://${SITE}:8080/`);
    render(<EmbedHeightReporter site={SITE.toUpperCase()} />);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: EMBED_HEIGHT_MESSAGE, height: 640 }, `http://${SITE}:8080`);
  });

  it('tells nothing to a framing page on another host, however alike its name', () => {
    for (const referrer of ['https://evil.test/', `https://${SITE}.evil.test/`, `https://evil.test/${SITE}`, 'https://agency.test/', `ftp://${SITE}/`, 'not a url']) {
      frameIn(referrer);
      const { unmount } = render(<EmbedHeightReporter site={SITE} />);
      unmount();
    }
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(observers).toEqual([]);
  });

  it('falls back to the frame\'s ancestor origin when the framing page sends no referrer, on the site only', () => {
    frameIn('', ['https://evil.test']);
    render(<EmbedHeightReporter site={SITE} />).unmount();
    expect(parent.postMessage).not.toHaveBeenCalled();

    frameIn('', [`https://${SITE}`]);
    render(<EmbedHeightReporter site={SITE} />);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: EMBED_HEIGHT_MESSAGE, height: 640 }, `https://${SITE}`);
  });

  it('does nothing when the page is not framed', () => {
    Object.defineProperty(document, 'referrer', { value: `https://${SITE}/`, configurable: true });
    const post = vi.spyOn(window, 'postMessage');
    render(<EmbedHeightReporter site={SITE} />);
    expect(post).not.toHaveBeenCalled();
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(observers).toEqual([]);
  });
});
