// @vitest-environment jsdom
import Image from 'next/image';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticImage } from '@/components/ui/static-image';

function imageAttributes(markup: string) {
  const image = new DOMParser().parseFromString(markup, 'text/html').querySelector('img');
  if (!image) throw new Error(`no <img> in ${markup}`);
  // data-nimg only marks next/image's own element for its development warnings.
  return Object.fromEntries([...image.attributes].filter(({ name }) => name !== 'data-nimg').map(({ name, value }) => [name, value]));
}

const ALT = 'Mosque domes';
const HERO = { src: '/images/demo/mosque-domes.webp', width: 1600, height: 1000, sizes: '(min-width: 1200px) 1152px, 100vw' };

describe('StaticImage', () => {
  it('renders the same <img> as next/image, lazy by default', () => {
    const ours = imageAttributes(renderToStaticMarkup(<StaticImage {...HERO} alt={ALT} className="rounded" />));
    const theirs = imageAttributes(renderToStaticMarkup(<Image {...HERO} alt={ALT} className="rounded" />));
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ loading: 'lazy', alt: ALT, sizes: HERO.sizes });
    expect(ours.srcset).toContain('/_next/image?url=%2Fimages%2Fdemo%2Fmosque-domes.webp&w=640&q=75 640w');
  });

  it('loads a priority image eagerly, as next/image does', () => {
    const ours = imageAttributes(renderToStaticMarkup(<StaticImage {...HERO} alt={ALT} priority />));
    const theirs = imageAttributes(renderToStaticMarkup(<Image {...HERO} alt={ALT} priority />));
    expect(ours).toEqual(theirs);
    expect(ours.loading).toBeUndefined();
  });

  it('raises the fetch priority of a page\'s LCP image only when asked', () => {
    const hero = imageAttributes(renderToStaticMarkup(<StaticImage {...HERO} alt={ALT} priority fetchPriority="high" />));
    expect(hero).toEqual(imageAttributes(renderToStaticMarkup(<Image {...HERO} alt={ALT} priority fetchPriority="high" />)));
    expect(hero.fetchpriority).toBe('high');
    expect(imageAttributes(renderToStaticMarkup(<StaticImage {...HERO} alt={ALT} priority />)).fetchpriority).toBeUndefined();
  });
});
