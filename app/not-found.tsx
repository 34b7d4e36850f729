import Link from 'next/link';

// Only reached for paths no route matches: the config rewrites (server/routing/route-rules.ts) send
// every page into [locale]/[variant] or app/(default-site).
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh items-center justify-center p-6 font-sans">
        <main className="text-center">
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
          <Link className="mt-6 inline-block text-primary underline" href="/">
            Go to the home page
          </Link>
        </main>
      </body>
    </html>
  );
}
