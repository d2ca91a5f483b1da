import type { ContentImage } from '../content';
import styles from './content.module.css';

/**
 * A drawing of the content (src/content/images): a self-hosted SVG file with its size declared, so its
 * box is reserved before it arrives (CLS 0), and lazy unless it is in the first screen (`isPriority`: then
 * React preloads it from the head, decisions §105).
 */
export function ContentFigure({
  image,
  caption,
  isWide = false,
  isPriority = false,
  className,
}: {
  image: ContentImage;
  caption?: string;
  isWide?: boolean;
  isPriority?: boolean;
  className?: string;
}) {
  return (
    <figure className={[styles.figure, isWide ? styles.figureWide : '', className].filter(Boolean).join(' ')}>
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : 'auto'}
        decoding="async"
        // Reports its paint (Element Timing): public/start.js starts the app once it is on the screen.
        {...(isPriority ? { elementtiming: 'priority' } : {})}
      />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
