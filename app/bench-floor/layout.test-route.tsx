import type { ReactNode } from 'react';

// A root layout of its own (app/layout.tsx only passes children through): the framework floor of
// `npm run bench` carries none of the portal's shell, fonts, messages or providers.
export default function BenchFloorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
