import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * next/image's markup (srcset, sizes, lazy loading, the preload of a priority image) rendered on
 * the server, without its client component: the public pages use none of its client-side parts
 * (placeholders, load callbacks), and each image was one more component to hydrate on load,
 * which Lighthouse counts as blocking time on a phone. `priority` preloads an image but leaves its
 * fetch priority alone: a page's LCP image also says `fetchPriority="high"` (Lighthouse asks for it).
 */
export function StaticImage(props: ImageProps) {
  const {
    props: { alt, ...image },
  } = getImageProps(props);
  if (props.priority || props.preload) {
    preload(image.src, { as: 'image', imageSrcSet: image.srcSet, imageSizes: image.sizes, fetchPriority: image.fetchPriority });
  }
  // eslint-disable-next-line @next/next/no-img-element -- these are next/image's own attributes
  return <img alt={alt} {...image} />;
}
