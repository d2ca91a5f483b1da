import type { ReactNode } from 'react';

export interface ScrollRegionProps {
  /** What the box holds, announced when it takes focus. */
  label: string;
  /** `group` where the box only wraps a table inside a larger section. */
  role?: 'region' | 'group';
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A box that may scroll (a table wider than a phone, a long report): focusable, so the keyboard can
 * scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable), and named, so a screen reader says
 * what it holds when it takes focus.
 */
export function ScrollRegion({ label, role = 'region', className, testId, children }: ScrollRegionProps) {
  return (
    // tabIndex on a non-widget on purpose: a scroll container has to take focus for the keyboard to scroll it.
    <div className={className} role={role} aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}
