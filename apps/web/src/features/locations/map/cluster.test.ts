import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterMarkers, clusterName, listCities, placeLabels, spreadAround } from './cluster';

describe('clusterMarkers', () => {
  it('groups markers closer than the radius and leaves the others alone', () => {
    const clusters = clusterMarkers(
      [
        { id: 'paris-1', x: 100, y: 100 },
        { id: 'paris-2', x: 101, y: 100.5 },
        { id: 'milan', x: 160, y: 140 },
        { id: 'london', x: 90, y: 70 },
      ],
      38,
    );
    expect(clusters.map((c) => c.ids)).toEqual([['london', 'paris-1', 'paris-2'], ['milan']]);
    expect(clusters[1]).toMatchObject({ x: 160, y: 140 });
    expect(clusters[0]!.x).toBeCloseTo((100 + 101 + 90) / 3);
  });

  it('gives the same clusters whatever the input order', () => {
    const markers = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 30, y: 0 },
      { id: 'c', x: 60, y: 0 },
      { id: 'd', x: 200, y: 0 },
    ];
    const forward = clusterMarkers(markers, 38).map((c) => c.ids);
    expect(clusterMarkers([...markers].reverse(), 38).map((c) => c.ids)).toEqual(forward);
    expect(forward).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('separates every marker once they stand further apart than the radius', () => {
    const markers = Array.from({ length: 5 }, (_, i) => ({ id: String(i), x: i * 40, y: 0 }));
    expect(clusterMarkers(markers, 38)).toHaveLength(5);
  });
});

describe('spreadAround', () => {
  it('places members around the centre, apart from each other, starting at the top', () => {
    const points = spreadAround({ x: 100, y: 100 }, 3, { radius: 30, spacing: 30 });
    expect(points[0]!.x).toBeCloseTo(100);
    expect(points[0]!.y).toBeCloseTo(70);
    for (const p of points) expect(Math.hypot(p.x - 100, p.y - 100)).toBeCloseTo(30);
    for (let i = 0; i < points.length; i += 1)
      for (let j = i + 1; j < points.length; j += 1)
        expect(Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y)).toBeGreaterThan(30);
  });

  it('widens the circle for many members', () => {
    const points = spreadAround({ x: 0, y: 0 }, 12, { radius: 30, spacing: 34 });
    expect(Math.hypot(points[0]!.x, points[0]!.y)).toBeCloseTo((12 * 34) / (2 * Math.PI));
  });
});

describe('names', () => {
  it('names a cluster by its count and its cities', () => {
    expect(clusterName(['Paris', 'Paris', 'Paris'])).toBe('3 boutiques in Paris');
    expect(clusterName(['London', 'Antwerp', 'Paris'])).toBe('3 boutiques in London, Antwerp and Paris');
    expect(listCities(['Geneva', 'Geneva'])).toBe('Geneva');
  });

  it('keeps a cluster label short', () => {
    expect(clusterLabel(['Paris', 'Paris'])).toBe('Paris');
    expect(clusterLabel(['London', 'Paris'])).toBe('London · Paris');
    expect(clusterLabel(['London', 'Paris', 'Geneva', 'Milan'])).toBe('London · Paris · +2');
  });
});

describe('placeLabels', () => {
  it('takes the first free candidate, or leaves a label out', () => {
    const right = { x0: 10, y0: 0, x1: 60, y1: 20 };
    const left = { x0: -60, y0: 0, x1: -10, y1: 20 };
    expect(
      placeLabels([
        [right, left],
        [right, left],
        [right, left],
      ]),
    ).toEqual([0, 1, -1]);
  });

  it('keeps labels off the obstacles (the markers)', () => {
    const right = { x0: 10, y0: 0, x1: 60, y1: 20 };
    const left = { x0: -60, y0: 0, x1: -10, y1: 20 };
    expect(placeLabels([[right, left]], [{ x0: 20, y0: 5, x1: 30, y1: 15 }])).toEqual([1]);
  });

  it('keeps labels inside the frame', () => {
    const right = { x0: 10, y0: 0, x1: 60, y1: 20 };
    const left = { x0: -60, y0: 0, x1: -10, y1: 20 };
    expect(placeLabels([[left, right]], [], { x0: 0, y0: 0, x1: 100, y1: 100 })).toEqual([1]);
    expect(placeLabels([[left]], [], { x0: 0, y0: 0, x1: 100, y1: 100 })).toEqual([-1]);
  });
});
