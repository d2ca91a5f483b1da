/**
 * The `sizes` of an image filling one cell of a grid in the page's content column: the width the cell really
 * has, so a phone fetches the rendition it shows (a two-column list at 412 px is 180 px a card, not 50vw =
 * 206 px: at the emulated phone's 1.75 density, the 320w file of 5 KB instead of the 640w of 16 KB).
 *
 * The column mirrors styles/tokens.css: `--gutter: clamp(1.25rem, 0.5rem + 3vw, 3rem)` on both sides,
 * `--content-max: 80rem`. Each step is one breakpoint of the grid's own stylesheet: its columns, its column
 * gap and what sits beside the grid in the column (a filter sidebar and its gap), all in CSS pixels.
 */
export interface GridStep {
  /** The step applies up to this viewport width (the stylesheet's `max-width` query); the last step has none. */
  maxWidth?: number;
  columns: number;
  /** The column gap: px, or a CSS length (a gap of `var(--gutter)` is the gutter's clamp). */
  gap: number | string;
  /** What else takes the column's width beside the grid (a sidebar and its gap), px. */
  aside?: number;
}

const GUTTER = 'clamp(20px, 8px + 3vw, 48px)';
const COLUMN = `min(100vw - 2 * ${GUTTER}, 1280px)`;

function cell({ columns, gap, aside = 0 }: GridStep): string {
  if (columns === 1) return aside ? `calc(${COLUMN} - ${aside}px)` : COLUMN;
  const gaps = typeof gap === 'number' ? `${aside + (columns - 1) * gap}px` : `${aside}px - ${columns - 1} * ${gap}`;
  return `calc((${COLUMN} - ${gaps}) / ${columns})`;
}

export function gridSizes(steps: readonly GridStep[]): string {
  return steps.map((step) => (step.maxWidth === undefined ? cell(step) : `(max-width: ${step.maxWidth}px) ${cell(step)}`)).join(', ');
}

/** The storefront's piece grids (product-browser.module.css, home-sections.module.css, …), named by layout. */
export const PIECE_GRID_SIZES = {
  /** Four columns on a desktop, two below 1024 px (gap 1.5rem), two on a phone (gap 0.75rem). */
  four: gridSizes([
    { maxWidth: 767, columns: 2, gap: 12 },
    { maxWidth: 1023, columns: 2, gap: 24 },
    { columns: 4, gap: 24 },
  ]),
  /** Three columns beside the 16rem filter sidebar (gap 4rem) on a desktop; as `four` below 1024 px. */
  sidebar: gridSizes([
    { maxWidth: 767, columns: 2, gap: 12 },
    { maxWidth: 1023, columns: 2, gap: 24 },
    { columns: 3, gap: 24, aside: 256 + 64 },
  ]),
  /** Two large columns (gap 3rem), one on a phone. */
  large: gridSizes([
    { maxWidth: 767, columns: 1, gap: 0 },
    { columns: 2, gap: 48 },
  ]),
  /** The home page's four pieces (home-sections.module.css): four columns (gap 2rem), two below 1024 px (gap 0.75rem). */
  home: gridSizes([
    { maxWidth: 1023, columns: 2, gap: 12 },
    { columns: 4, gap: 32 },
  ]),
  /** A collection's pieces (collection-detail-page.module.css): four columns (gap 1.5rem), two below 1024 px (0.75rem). */
  collection: gridSizes([
    { maxWidth: 1023, columns: 2, gap: 12 },
    { columns: 4, gap: 24 },
  ]),
  /** The new cut's pieces (new-cut-page.module.css): four columns a gutter apart, two below 1024 px (gap 1rem). */
  newCut: gridSizes([
    { maxWidth: 1023, columns: 2, gap: 16 },
    { columns: 4, gap: GUTTER },
  ]),
} as const;
