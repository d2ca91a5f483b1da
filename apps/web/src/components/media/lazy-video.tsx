import { useEffect, useRef, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../lib/media';
import { useBrowserFact } from '../../lib/use-is-live';

/** docs/product.md §9: a video loads only once it is within 50 px of the viewport. */
export const VIDEO_MARGIN_PX = 50;
/** Its poster, once it is within a screen of it: painted before it is seen, never fetched with the first screen. */
export const POSTER_MARGIN = '100% 0px';

export interface LazyVideoProps {
  /** In order of preference (WebM first, MP4 for Safari). */
  sources: readonly { src: string; type: string }[];
  /** Shown from the moment the film is a screen away until it plays. */
  poster: string;
  width: number;
  height: number;
  /** What the film shows, for a screen reader. */
  label: string;
  className?: string;
}

/**
 * A silent editorial loop (hero or editorial band) that costs nothing until it is about to be seen:
 * `preload="none"`, no source at all until an IntersectionObserver with a 50 px margin reports the
 * element; then it plays muted and inline, and pauses again out of view. Under
 * `prefers-reduced-motion` it never starts by itself: the native controls let the visitor play it.
 * The poster comes a screen ahead (another observer): a `poster` in the server's HTML is fetched with
 * the first screen's images and fonts wherever the film is (the new cut's, 29 KB, below a phone's first
 * screen, was a third of the bytes before its first paint; decision 0135).
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
  const [isPosterNearSeen, setIsPosterNear] = useState(false);
  const isNear = !canObserve || isNearSeen;
  const isPosterNear = !canObserve || isPosterNearSeen || isNear;
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

  useEffect(() => {
    const video = ref.current;
    if (!video || !canObserve) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setIsPosterNear(true);
        observer.disconnect();
      },
      { rootMargin: POSTER_MARGIN },
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
      poster={isPosterNear ? poster : undefined}
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
