import { describe, expect, it } from 'vitest';
import { focusFor, objectPosition, slotObjectPosition, type ArtDirection } from './art-direction';

/** Where the focal point lands in the box, as a share of the box (the inverse of what the browser does). */
function landing(position: string, focus: { x: number; y: number }, imageAspect: number, boxAspect: number) {
  const [px, py] = position.split(' ').map((p) => Number.parseFloat(p) / 100) as [number, number];
  // Box of height 1: the covered image is scaled to fill it.
  const boxW = boxAspect;
  const scale = Math.max(boxW / imageAspect, 1);
  const imgW = imageAspect * scale;
  const imgH = scale;
  const left = (boxW - imgW) * px;
  const top = (1 - imgH) * py;
  return { x: (left + focus.x * imgW) / boxW, y: top + focus.y * imgH };
}

describe('objectPosition (a focal point → CSS object-position, decisions §109)', () => {
  const portrait = 4 / 5; // a studio image

  it('centres the focal point in the box when the image leaves room', () => {
    // 4:5 in 16:9: the box shows 45% of the image's height; a focus at 30% sits in the middle.
    expect(objectPosition({ x: 0.45, y: 0.3 }, portrait, 16 / 9)).toBe('50% 13.6%');
    expect(landing('50% 13.6%', { x: 0.45, y: 0.3 }, portrait, 16 / 9).y).toBeCloseTo(0.5, 2);
  });

  it('holds the window inside the image at its edges: the focus stays visible, off-centre', () => {
    expect(objectPosition({ x: 0.5, y: 0.05 }, portrait, 21 / 9)).toBe('50% 0%');
    expect(objectPosition({ x: 0.5, y: 0.98 }, portrait, 21 / 9)).toBe('50% 100%');
    expect(objectPosition({ x: 0, y: 0.5 }, 16 / 9, 1)).toBe('0% 50%');
  });

  it('moves only the axis that overflows: sideways for a wide image in a narrow box', () => {
    expect(objectPosition({ x: 0.7, y: 0.1 }, 16 / 9, 4 / 5)).toBe('86.4% 50%');
    expect(objectPosition({ x: 0.3, y: 0.9 }, 3 / 2, 3 / 2)).toBe('50% 50%');
  });

  it('keeps any focal point inside the visible box for every slot aspect', () => {
    for (const imageAspect of [4 / 5, 1, 3 / 2, 16 / 9]) {
      for (const boxAspect of [16 / 9, 3 / 2, 21 / 9, 4 / 5]) {
        for (const x of [0, 0.1, 0.33, 0.5, 0.8, 1]) {
          for (const y of [0, 0.2, 0.5, 0.75, 1]) {
            const at = landing(objectPosition({ x, y }, imageAspect, boxAspect), { x, y }, imageAspect, boxAspect);
            expect(at.x).toBeGreaterThanOrEqual(-0.001);
            expect(at.x).toBeLessThanOrEqual(1.001);
            expect(at.y).toBeGreaterThanOrEqual(-0.001);
            expect(at.y).toBeLessThanOrEqual(1.001);
          }
        }
      }
    }
  });

  it('uses a slot’s own crop where the content gives one', () => {
    const art: ArtDirection = { focus: { x: 0.45, y: 0.3 }, crops: { '21:9': { x: 0.45, y: 0.26 } } };
    expect(focusFor(art, '16:9')).toEqual({ x: 0.45, y: 0.3 });
    expect(focusFor(art, '21:9')).toEqual({ x: 0.45, y: 0.26 });
    expect(slotObjectPosition(art, portrait, '21:9')).toBe(objectPosition({ x: 0.45, y: 0.26 }, portrait, 21 / 9));
  });
});
