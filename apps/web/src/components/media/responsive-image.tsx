import type { Image } from '@mirror/contract';
import styles from './responsive-image.module.css';

export interface ResponsiveImageProps {
  image: Image;
  /** The `sizes` attribute: how wide the slot is at each breakpoint. */
  sizes: string;
  /** Above the fold: load eagerly with high priority (the LCP candidate). */
  isPriority?: boolean;
  /** Shown at once but not the largest paint (the other panels of a screen): fetched after the priority image. */
  isLowPriority?: boolean;
  alt?: string;
  className?: string;
}

/** WebP renditions with srcset/sizes and intrinsic dimensions, so the slot never shifts. */
export function ResponsiveImage({ image, sizes, isPriority = false, isLowPriority = false, alt, className }: ResponsiveImageProps) {
  const srcSet = image.srcset.map((source) => `${source.url} ${source.width}w`).join(', ');
  return (
    <img
      className={[styles.image, className].filter(Boolean).join(' ')}
      src={image.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding={isPriority ? 'sync' : 'async'}
      fetchPriority={isPriority ? 'high' : isLowPriority ? 'low' : 'auto'}
      // Reports its paint (Element Timing): public/start.js starts the app once it is on the screen.
      {...(isPriority ? { elementtiming: 'priority' } : {})}
    />
  );
}
