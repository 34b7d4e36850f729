import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // PGlite ships a WASM build and must be loaded by Node as-is, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2'],
  images: {
    // Spec §9.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  experimental: {
    authInterrupts: true,
  },
};

export default withNextIntl(nextConfig);
