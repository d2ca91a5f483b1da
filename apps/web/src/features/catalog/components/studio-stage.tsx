import type { Image } from '@mirror/contract';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { humanize } from '../../../lib/format';
import styles from './studio-stage.module.css';

/** A horizontal drag or swipe longer than this (px) moves to the neighbouring view. */
const SWIPE_THRESHOLD = 40;

export interface StudioStageProps {
  /** The piece's name: the stage's label and the fallback text of its views. */
  name: string;
  images: readonly Image[];
}

/** 'front' → 'Front'; a view without a variant is 'View n'. */
export function viewLabel(image: Image, index: number): string {
  return image.variant ? humanize(image.variant) : `View ${index + 1}`;
}

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The piece on a studio stage, one studio image at a time: front, detail, … switched with the
 * view buttons, the arrow keys (anywhere on the page but in a field) or a horizontal swipe or drag.
 * Its props are all a stage needs, so the 3D turntable (issue 12) can take its place.
 */
export function StudioStage({ name, images }: StudioStageProps) {
  const [index, setIndex] = useState(0);
  const dragStart = useRef<number | null>(null);
  const count = images.length;

  useEffect(() => {
    if (count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [count]);

  if (count === 0) {
    return (
      <div className={styles.stage} data-testid="studio-stage">
        <p className={styles.empty}>The studio images of this piece are being prepared.</p>
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || event.button !== 0) return;
    dragStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = dragStart.current;
    dragStart.current = null;
    if (start === null) return;
    const dx = event.clientX - start;
    if (Math.abs(dx) < SWIPE_THRESHOLD) return;
    // Dragging the piece to the left brings the next view in, as on a turntable.
    setIndex((i) => (dx < 0 ? (i + 1) % count : (i - 1 + count) % count));
  };

  const current = images[index] ?? images[0]!;
  return (
    <section className={styles.wrap} aria-roledescription="carousel" aria-label={`Views of ${name}`} data-testid="studio-stage">
      <div
        className={styles.stage}
        data-draggable={count > 1 || undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragStart.current = null)}
        onDragStart={(event) => event.preventDefault()}
      >
        {images.map((image, i) => (
          <div
            key={`${image.variant}-${i}`}
            className={styles.view}
            data-active={i === index || undefined}
            aria-hidden={i !== index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${viewLabel(image, i)}`}
          >
            <ResponsiveImage
              image={image}
              sizes="(max-width: 1023px) 100vw, 58vw"
              isPriority={i === 0}
              alt={i === index ? image.alt || name : ''}
            />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous view"
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
          >
            <span aria-hidden="true">←</span>
          </button>
          <ul className={styles.views} aria-label="Choose a view">
            {images.map((image, i) => (
              <li key={`${image.variant}-${i}`}>
                <button type="button" className={styles.viewButton} aria-pressed={i === index} onClick={() => setIndex(i)}>
                  {viewLabel(image, i)}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} aria-label="Next view" onClick={() => setIndex((i) => (i + 1) % count)}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
      <p className={styles.status} aria-live="polite" data-testid="stage-status">
        {viewLabel(current, index)}
        {count > 1 ? ` · ${index + 1} / ${count}` : ''}
      </p>
      {count > 1 ? <p className={styles.hint}>Use the arrow keys, or drag the piece, to turn to the next view.</p> : null}
    </section>
  );
}
