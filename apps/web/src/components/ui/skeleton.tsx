import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** Width/height reserve the final layout so nothing shifts when content arrives. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  aspectRatio?: CSSProperties['aspectRatio'];
  variant?: 'block' | 'text';
  className?: string;
}

export function Skeleton({ width = '100%', height, aspectRatio, variant = 'block', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, variant === 'text' && styles.text, className].filter(Boolean).join(' ')}
      style={{ width, height, aspectRatio }}
    />
  );
}
