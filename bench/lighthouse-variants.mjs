// Lighthouse on variants of one public page's HTML, to tell which part of the page costs its
// Performance score: the document, the framework's scripts, or the data they hydrate.
//
//   node bench/lighthouse-variants.mjs [path] [rounds] [variant,variant,…]
//
// Needs a running portal (BENCH_URL, default http://127.0.0.1:3300; `npm start` or `next start`).
// The page's HTML is fetched once and served in each variant from a loopback server on
// 127.0.0.1:3303 at /__variant/<name>; every other path (scripts, styles, images) is forwarded to
// the portal. Each round runs every variant once, starting one variant later than the round
// before, so no variant always runs first. Prints a JSON summary. Diagnostic only: `npm run
// bench` does not run it, and a variant's URL differs from the page's own, so the router hydrates
// a page it believes lives elsewhere (harmless for a load, not for navigation).
import http from 'node:http';
import { HTML_VARIANTS } from './lib/html-variants.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { percentile } from './lib/load.mjs';

const PORTAL = (process.env.BENCH_URL ?? 'http://127.0.0.1:3300').replace(/\/$/, '');
const PORTS = { variants: 3303, chrome: 3302 };
const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const path = process.argv[2] ?? '/tour/burj-khalifa-at-the-top';
const rounds = Number(process.argv[3] ?? 3);
const only = process.argv[4]?.split(',');

function startVariantServer(pages) {
  const portal = new URL(PORTAL);
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/__variant/')) {
      const page = pages.get(req.url.slice('/__variant/'.length));
      if (!page) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
      return res.end(page);
    }
    const forward = http.request(
      { host: portal.hostname, port: portal.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(PORTS.variants, '127.0.0.1', () => resolve(server)));
}

const source = await fetch(`${PORTAL}${path}`);
if (source.status !== 200) throw new Error(`${PORTAL}${path} answered ${source.status}`);
const html = await source.text();
const chosen = Object.entries(HTML_VARIANTS).filter(([name]) => !only || only.includes(name));
if (chosen.length === 0) throw new Error(`no such variant: ${only}; known: ${Object.keys(HTML_VARIANTS).join(', ')}`);
const pages = new Map(chosen.map(([name, transform]) => [name, Buffer.from(transform(html))]));
const server = await startVariantServer(pages);
const names = [...pages.keys()];
const runs = Object.fromEntries(names.map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < names.length; step++) {
      const name = names[(round + step) % names.length];
      const result = await runLighthouse(`http://127.0.0.1:${PORTS.variants}/__variant/${name}`, {
        chromePath: CHROME_PATH,
        port: PORTS.chrome,
        categories: ['performance'],
      });
      runs[name].push({ performance: result.scores.performance, ...result.metrics, benchmarkIndex: result.benchmarkIndex });
      console.error(`[variants] round ${round + 1}/${rounds} ${name}: ${result.scores.performance}`);
    }
  }
} finally {
  server.close();
}
const summary = Object.fromEntries(
  names.map((name) => [name, { bytes: pages.get(name).length, medianPerformance: percentile(runs[name].map((run) => run.performance), 50), runs: runs[name] }]),
);
console.log(JSON.stringify({ page: `${PORTAL}${path}`, rounds, variants: summary }, null, 2));
