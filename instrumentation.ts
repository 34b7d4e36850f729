export async function register() {
  // The build never touches the database (PGlite must have one owner: the running server).
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { registerOTel } = await import('@vercel/otel');
  registerOTel({ serviceName: 'traveldesk-b2b' });
  const { prepareDatabase } = await import('./server/db/prepare');
  await prepareDatabase();
}
