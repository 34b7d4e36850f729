// Lighthouse 12 with its default (mobile) configuration in Debian's headless Chromium.
import { Launcher } from 'chrome-launcher';

/**
 * chrome-launcher's own disabled features, less RenderDocument, which it turns off and Chromium
 * has on by default. With it off, headless Chromium at random presents the first frame of a page
 * that is ready to paint at 0.3 s one or two whole seconds late: paint holding keeps the reused
 * frame's commits back and the compositor stops offering it BeginFrames
 * (GoogleChrome/lighthouse#17148). Lantern then builds LCP on that late frame.
 */
function disabledFeatures() {
  const defaults = Launcher.defaultFlags().find((flag) => flag.startsWith('--disable-features='));
  const features = defaults ? defaults.slice('--disable-features='.length).split(',') : [];
  return `--disable-features=${features.filter((feature) => feature !== 'RenderDocument').join(',')}`;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium reads the last --disable-features, so this one repeats chrome-launcher's own list.
  disabledFeatures(),
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 };
const TIMEOUT_MS = 150_000;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** An audit counts as failing as Lighthouse's report shows it: binary 0, or a score under 0.9. */
function failingAudits(lhr, category) {
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.scoreDisplayMode !== 'informative' && audit.score < 0.9)
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score }));
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Fetches the page and every optimised image it names, as a visitor before would have: the first
 * request of an image size resizes it on the server, which no later visitor waits for.
 */
async function warmImages(url) {
  const html = await (await fetch(url)).text();
  const images = new Set([...html.matchAll(/\/_next\/image\?url=[^"'\s,]+/g)].map(([path]) => path.replaceAll('&amp;', '&')));
  for (const image of images) await (await fetch(new URL(image, url))).arrayBuffer();
  return images.size;
}

/**
 * Lighthouse `runs` times; the run with the median performance score is reported, with every
 * run's scores beside it (Lighthouse's own advice for its run-to-run variance).
 */
export async function runLighthouseMedian(url, { chromePath, port, runs }) {
  const warmedImages = await warmImages(url);
  const results = [];
  for (let index = 0; index < runs; index++) results.push(await runLighthouse(url, { chromePath, port }));
  const ordered = [...results].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const median = ordered[Math.floor((ordered.length - 1) / 2)];
  return { ...median, runs: results.map(({ scores, metrics, benchmarkIndex }) => ({ scores, metrics, benchmarkIndex })), warmedImages };
}

/**
 * `{ url, scores, metrics, failing }`: scores ×100, failing audits for categories under target.
 * `options.categories` narrows the run (all four by default).
 */
export async function runLighthouse(url, options, attempt = 1) {
  try {
    return await runLighthouseOnce(url, options);
  } catch (error) {
    // Now and then Chromium has said it is listening but refuses Lighthouse's first connection
    // (seen when it started right after the load tests): one fresh browser more, then give up.
    if (attempt > 1 || !/webSocket URL|ECONNREFUSED/.test(String(error?.message))) throw error;
    console.error(`[bench] Lighthouse could not connect to Chromium (${error.message}); starting it once more`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return runLighthouse(url, options, attempt + 1);
  }
}

async function runLighthouseOnce(url, { chromePath, port, categories = CATEGORIES }) {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({ chromePath, port, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const { lhr } = await withTimeout(
      lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }),
      TIMEOUT_MS,
      'Lighthouse',
    );
    const scores = {};
    const failing = {};
    for (const id of categories) {
      const category = lhr.categories[id];
      scores[id] = category.score === null ? null : Math.round(category.score * 100);
      if (scores[id] === null || scores[id] < LIGHTHOUSE_TARGETS[id]) failing[id] = failingAudits(lhr, category);
    }
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null]));
    return {
      url: lhr.finalDisplayedUrl,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      // Lighthouse's own measure of the CPU's speed at the moment of the run: the score follows it.
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      scores,
      metrics,
      failing,
      runtimeError: lhr.runtimeError?.message ?? null,
    };
  } finally {
    await chrome.kill();
  }
}
