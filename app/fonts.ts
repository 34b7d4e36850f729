import localFont from 'next/font/local';

// Self-hosted from @fontsource-variable/inter: nothing is fetched at build or run time.
// Two subsets as two families; the browser takes Cyrillic glyphs from the second.
export const interLatin = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter-latin',
  weight: '100 900',
  display: 'swap',
});

export const interCyrillic = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2',
  variable: '--font-inter-cyrillic',
  weight: '100 900',
  display: 'swap',
  preload: false,
});
