import type { Metadata } from 'next';

// The "framework floor" of `npm run bench`: the cheapest page this Next.js build and config can
// serve. A benchmark fixture, not a visitor's page, hence the literal English text; compiled only
// into builds made for tests and benchmarks (docs/decisions/test-only-routes.md).
export const dynamic = 'force-static';

export const metadata: Metadata = {
  title: 'Benchmark floor',
  robots: { index: false, follow: false },
};

export default function BenchFloorPage() {
  return (
    <main data-bench-floor="">
      <h1>Benchmark floor</h1>
      <p>A static page with no data, no client components and no portal shell.</p>
    </main>
  );
}
