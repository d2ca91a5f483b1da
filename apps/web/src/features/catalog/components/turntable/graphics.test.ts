import { describe, expect, it } from 'vitest';
import { drawingFor, drawsWebGL, SOFTWARE_PIXEL_RATIO } from './graphics';

describe('drawingFor', () => {
  it('draws at the screen’s sharpness, at most 2×, with multisampling on a GPU', () => {
    expect(drawingFor('hardware', 1)).toEqual({ pixelRatio: 1, antialias: true });
    expect(drawingFor('hardware', 2)).toEqual({ pixelRatio: 2, antialias: true });
    expect(drawingFor('hardware', 3)).toEqual({ pixelRatio: 2, antialias: true });
    expect(drawingFor('hardware', 1.5)).toEqual({ pixelRatio: 1.5, antialias: true });
    expect(drawingFor('hardware', 0)).toEqual({ pixelRatio: 1, antialias: true });
  });

  it('draws three quarters of the CSS size without multisampling on a software rasteriser, whatever the screen', () => {
    for (const dpr of [1, 2, 3]) expect(drawingFor('software', dpr)).toEqual({ pixelRatio: SOFTWARE_PIXEL_RATIO, antialias: false });
    expect(SOFTWARE_PIXEL_RATIO).toBe(0.75);
  });
});

describe('drawsWebGL', () => {
  it('is unknown until the graphics are, and false only where no context can be had', () => {
    expect(drawsWebGL(null)).toBeNull();
    expect(drawsWebGL('none')).toBe(false);
    expect(drawsWebGL('software')).toBe(true);
    expect(drawsWebGL('hardware')).toBe(true);
  });
});
