// First-load JavaScript of a page: the gzip size of every external script its HTML loads
// (`nomodule` ones left out; inline scripts are not counted).
import { gzipSync } from 'node:zlib';
import { getRaw } from './load.mjs';

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

export function scriptSources(html, pageUrl) {
  const sources = new Set();
  for (const [, tag] of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = attributes(tag);
    if (!attrs.src || 'nomodule' in attrs) continue;
    sources.add(new URL(attrs.src.replaceAll('&amp;', '&'), pageUrl).href);
  }
  return [...sources];
}

/**
 * The gzip bytes a browser receives (node:http leaves the body as it came over the wire), or
 * gzip -9 of the body when the server does not compress it.
 */
async function gzipSize(url) {
  const res = await getRaw(url, { 'accept-encoding': 'gzip' });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  if (res.headers['content-encoding'] === 'gzip') return { bytes: res.body.length, method: 'server gzip' };
  return { bytes: gzipSync(res.body, { level: 9 }).length, method: 'zlib -9' };
}

/** `{ status, scripts, bytes, methods }` for the page at `pageUrl`, fetched anonymously. */
export async function firstLoadJs(pageUrl) {
  const page = await getRaw(pageUrl, {});
  const html = page.body.toString('utf8');
  const sizes = [];
  for (const src of scriptSources(html, pageUrl)) sizes.push(await gzipSize(src));
  return {
    status: page.status,
    scripts: sizes.length,
    bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
    methods: [...new Set(sizes.map((s) => s.method))],
  };
}
