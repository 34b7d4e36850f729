export async function register() {
  // The build never touches the database (PGlite must have one owner: the running server).
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { installEncodedPageCache } = await import('./server/http/encoded-page-cache');
  installEncodedPageCache();
  // Tracing only when there is a collector to send to: with none, every request would still pay
  // for spans nobody reads (a few per cent of a cached page's server time).
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    const { registerOTel } = await import('@vercel/otel');
    registerOTel({ serviceName: 'traveldesk-b2b' });
  }
  const { prepareDatabase } = await import('./server/db/prepare');
  await prepareDatabase();
}
