import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type AppSegmentConfig, parseAppSegmentConfig } from 'next/dist/build/segment-config/app/app-segment-config';
import { DIRECT_PAGE_PREFIXES } from '@/server/routing/route-rules';

// `app/(default-site)` serves the main host's English tour and city pages without a rewrite, as
// thin re-exports of `app/[locale]/[variant]/(public)`'s pages and layouts. Next reads a route's
// segment config (revalidate, dynamic, dynamicParams, generateStaticParams…) from each file's
// own exports, so a re-export does not carry it over: each copy must say the same, or the two
// URLs of one page are cached differently. This fails when one of them changes alone.

// Every option Next reads from a segment (not in its type declarations).
const { AppSegmentConfigSchemaKeys } = createRequire(import.meta.url)('next/dist/build/segment-config/app/app-segment-config') as {
  AppSegmentConfigSchemaKeys: readonly (keyof AppSegmentConfig)[];
};

const DEFAULT_SITE = 'app/(default-site)';
const VARIANT_PAGES = 'app/[locale]/[variant]/(public)';

type SegmentModule = Record<string, unknown> & { generateStaticParams?: (options: { params: object }) => unknown };

/** Every page file under `dir`, relative to it. */
function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'page.tsx')
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The layouts and the page a request for `page` renders, outermost first. */
function segmentFiles(page: string): string[] {
  const directories = path.dirname(page).split('/');
  const layouts = directories
    .map((_, index) => `${directories.slice(0, index + 1).join('/')}/layout.tsx`)
    .filter((file) => existsSync(file));
  return [...layouts, page];
}

/**
 * The route's segment config as Next combines it: the shortest `revalidate` of its segments,
 * and for every other option the values its segments set, outermost first.
 */
async function effectiveConfig(page: string) {
  const configs = await Promise.all(
    segmentFiles(page).map(async (file) => parseAppSegmentConfig((await import(path.resolve(file))) as SegmentModule, `/${file}`)),
  );
  const effective: Record<string, unknown> = {};
  for (const key of AppSegmentConfigSchemaKeys) {
    const values = configs.map((config) => config[key]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    effective[key] = key === 'revalidate' ? Math.min(...values.map((value) => (value === false ? Infinity : Number(value)))) : [...new Set(values)];
  }
  return effective;
}

describe('app/(default-site) pages', () => {
  const pages = pagesUnder(DEFAULT_SITE);

  it('exist for exactly the prefixes served without a rewrite, each with its [locale]/[variant] page', () => {
    expect(pages).toEqual(DIRECT_PAGE_PREFIXES.map((prefix) => `${prefix}/[slug]/page.tsx`).sort());
    for (const page of pages) expect(existsSync(`${VARIANT_PAGES}/${page}`), page).toBe(true);
  });

  it.each(pagesUnder(DEFAULT_SITE))('%s has the segment config of its [locale]/[variant] page', async (page) => {
    const [direct, rewritten] = await Promise.all([effectiveConfig(`${DEFAULT_SITE}/${page}`), effectiveConfig(`${VARIANT_PAGES}/${page}`)]);
    expect(direct).toEqual(rewritten);
    // The one thing checked in the test itself: both are cached for a while, neither per request.
    expect(direct.revalidate).toEqual(expect.any(Number));

    const [directPage, rewrittenPage] = (await Promise.all([import(path.resolve(`${DEFAULT_SITE}/${page}`)), import(path.resolve(`${VARIANT_PAGES}/${page}`))])) as SegmentModule[];
    expect(typeof directPage!.generateStaticParams, 'generateStaticParams').toBe(typeof rewrittenPage!.generateStaticParams);
    const params = { locale: 'en', variant: 'main' };
    expect(await directPage!.generateStaticParams?.({ params })).toEqual(await rewrittenPage!.generateStaticParams?.({ params }));
  });
});
