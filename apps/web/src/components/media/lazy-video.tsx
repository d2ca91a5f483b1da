import { useEffect, useRef, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../lib/media';
import { useBrowserFact } from '../../lib/use-is-live';

/** docs/product.md §9: a video loads only once it is within 50 px of the viewport. */
export const VIDEO_MARGIN_PX = 50;

export interface LazyVideoProps {
  /** In order of preference (WebM first, MP4 for Safari). */
  sources: readonly { src: string; type: string }[];
  /** Shown from the first paint until the film plays. */
  poster: string;
  width: number;
  height: number;
  /** What the film shows, for a screen reader. */
  label: string;
  className?: string;
}

/**
 * A silent editorial loop (hero or editorial band) that costs nothing until it is about to be seen:
 * the poster paints, `preload="none"`, no source at all until an IntersectionObserver with a 50 px
 * margin reports the element; then it plays muted and inline, and pauses again out of view. Under
 * `prefers-reduced-motion` it never starts by itself: the native controls let the visitor play it.
 */
const hasIntersectionObserver = () => typeof IntersectionObserver !== 'undefined';

export function LazyVideo({ sources, poster, width, height, label, className }: LazyVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const isReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // Without an IntersectionObserver the film counts as near and in view. Read as a browser fact: the
  // server (no observer either) and the hydrating render must agree on the server's answer (observable).
  const canObserve = useBrowserFact(hasIntersectionObserver, true);
  const [isNearSeen, setIsNear] = useState(false);
  const [isInViewSeen, setIsInView] = useState(false);
  const isNear = !canObserve || isNearSeen;
  const isInView = !canObserve || isInViewSeen;

  useEffect(() => {
    const video = ref.current;
    if (!video || !canObserve) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        setIsInView(entry.isIntersecting);
        if (entry.isIntersecting) setIsNear(true);
      },
      { rootMargin: `${VIDEO_MARGIN_PX}px` },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [canObserve]);

  // Sources added after the first render are only read by load().
  useEffect(() => {
    if (isNear) ref.current?.load();
  }, [isNear]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !isNear) return;
    if (isInView && !isReducedMotion) {
      // Muted and inline: browsers let it start without a gesture. A refusal leaves the poster.
      video.play().catch(() => undefined);
    } else if (!isInView) {
      video.pause();
    }
  }, [isNear, isInView, isReducedMotion]);

  return (
    <video
      ref={ref}
      className={className}
      poster={poster}
      preload="none"
      width={width}
      height={height}
      muted
      loop
      playsInline
      controls={isReducedMotion}
      aria-label={label}
      data-state={isNear ? 'loaded' : 'waiting'}
    >
      {isNear ? sources.map((source) => <source key={source.src} src={source.src} type={source.type} />) : null}
    </video>
  );
}
