/**
 * Art direction of an editorial image (decisions §109): the point of the picture that must be seen
 * (its focal point, x and y from 0 to 1 across its width and height) and, where one slot needs another
 * choice, a focal point per slot aspect. A slot crops the image (`object-fit: cover`); the focal point
 * becomes the `object-position` that brings it as near the slot's centre as the image's edges allow,
 * so it is always inside the visible box, whatever the slot's aspect.
 */

export interface FocalPoint {
  x: number;
  y: number;
}

/** The aspects the site's image slots are cut to (docs/design.md, "Imagery"): keys of `crops`. */
export const SLOT_ASPECTS = ['16:9', '3:2', '21:9'] as const;
export type SlotAspect = (typeof SLOT_ASPECTS)[number];

export interface ArtDirection {
  focus: FocalPoint;
  /** A different focal point for a slot of this aspect (e.g. the 21:9 band shows the stone, not the piece). */
  crops: Partial<Record<SlotAspect, FocalPoint>>;
}

/**
 * A studio front view (packages/imagery, 4:5): the piece is centred with a generous margin. Where its
 * main stone sits depends on the form — a pendant's or a bib's stone just below the middle, a pair of
 * earrings level with it, a ring's head in the upper third — and the collection API does not say the
 * form, so an article without `coverFocus` is cut around the piece's centre; each article names its own.
 */
export const STUDIO_FOCUS: FocalPoint = { x: 0.5, y: 0.5 };

/** Width over height of `16:9` and the like. */
export function aspectRatioOf(aspect: SlotAspect): number {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
}

/** The focal point a slot of this aspect uses: its own crop when the content gives one. */
export function focusFor(art: ArtDirection, aspect: SlotAspect): FocalPoint {
  return art.crops[aspect] ?? art.focus;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where along one axis the visible window sits, as the `object-position` percentage: `visible` is the
 * share of the image the box shows on that axis (≤ 1), `focus` the focal coordinate. The window is
 * centred on the focus, then held inside the image.
 */
function axisPosition(focus: number, visible: number): number {
  if (visible >= 1) return 50;
  const start = clamp(focus - visible / 2, 0, 1 - visible);
  return (start / (1 - visible)) * 100;
}

const percent = (value: number) => `${Math.round(value * 10) / 10}%`;

/**
 * The CSS `object-position` for an image of `imageAspect` (width / height) cut to a box of `boxAspect`
 * with `object-fit: cover`: the focal point as close to the box's centre as the image allows.
 */
export function objectPosition(focus: FocalPoint, imageAspect: number, boxAspect: number): string {
  // A wider image than the box overflows sideways (the box shows boxAspect / imageAspect of its width);
  // a taller one overflows vertically.
  const x = imageAspect > boxAspect ? axisPosition(focus.x, boxAspect / imageAspect) : 50;
  const y = imageAspect < boxAspect ? axisPosition(focus.y, imageAspect / boxAspect) : 50;
  return `${percent(x)} ${percent(y)}`;
}

/** The same for a slot aspect named by the content, with that slot's own crop when there is one. */
export function slotObjectPosition(art: ArtDirection, imageAspect: number, aspect: SlotAspect): string {
  return objectPosition(focusFor(art, aspect), imageAspect, aspectRatioOf(aspect));
}
