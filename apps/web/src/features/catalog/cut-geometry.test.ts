import { describe, expect, it } from 'vitest';
import { crownFacets, FACET_COUNT, pavilionFacets, planPoint, profile, proportions } from './cut-geometry';
import { NEW_CUT } from './new-cut';

const spec = NEW_CUT.spec;
const close = (value: number, expected: number, digits = 6) => expect(value).toBeCloseTo(expected, digits);
const degrees = (radians: number) => (radians * 180) / Math.PI;

describe('the new cut’s geometry', () => {
  it('has the oval brilliant’s 57 facets: table, 8 stars, 8 bezels and 16 upper halves; 8 mains and 16 lower halves', () => {
    const crown = crownFacets(spec);
    const pavilion = pavilionFacets(spec);
    const count = (facets: typeof crown, kind: string) => facets.filter((f) => f.kind === kind).length;
    expect([count(crown, 'table'), count(crown, 'star'), count(crown, 'bezel'), count(crown, 'upper-girdle')]).toEqual([1, 8, 8, 16]);
    expect([count(pavilion, 'pavilion-main'), count(pavilion, 'lower-girdle')]).toEqual([8, 16]);
    expect([crown.length, pavilion.length]).toEqual([FACET_COUNT.crown, FACET_COUNT.pavilion]);
  });

  it('derives the printed proportions from the angles (worked by hand: 0.215 × tan 34.5°, 0.5 × tan 40.8°)', () => {
    expect(proportions(spec)).toEqual({ table: 57, crownHeight: 14.8, girdle: 3, pavilionDepth: 43.2, totalDepth: 60.9, length: 140 });
  });

  it('lays the plan on an outline 1.40 times as long as it is wide, the table 57% of the width', () => {
    const [end, side] = [planPoint(spec, { angle: 0, r: 1 }), planPoint(spec, { angle: Math.PI / 2, r: 1 })];
    close(end[0], 0.7);
    close(side[1], 0.5);
    const table = crownFacets(spec).find((f) => f.kind === 'table')!;
    const across = table.vertices.map((v) => planPoint(spec, v)[1]);
    close(Math.max(...across) - Math.min(...across), 0.57);
    // Every vertex lies on or inside the girdle.
    for (const facet of [...crownFacets(spec), ...pavilionFacets(spec)]) for (const v of facet.vertices) expect(v.r).toBeLessThanOrEqual(1);
  });

  it('meets at shared corners: each star’s point is a corner of the two bezels beside it and of two upper halves', () => {
    const crown = crownFacets(spec);
    const key = (v: { angle: number; r: number }) =>
      planPoint(spec, v)
        .map((n) => n.toFixed(6))
        .join(',');
    const uses = new Map<string, number>();
    for (const facet of crown) for (const v of facet.vertices) uses.set(key(v), (uses.get(key(v)) ?? 0) + 1);
    for (const star of crown.filter((f) => f.kind === 'star')) expect(uses.get(key(star.vertices[2]!))).toBe(5);
  });

  it('draws the profile with the crown and pavilion angles it prints', () => {
    const p = profile(spec);
    const { table, girdleTop, culet } = p.levels;
    close(degrees(Math.atan((table - girdleTop) / (0.5 - p.tableHalfWidth))), spec.crownAngle);
    close(degrees(Math.atan(-culet / 0.5)), spec.pavilionAngle);
    close((table - culet) * 100, 60.936, 2);
    expect(p.outline).toContainEqual([-p.tableHalfWidth, table]);
    // Only the facets turned towards the viewer are drawn, each edge once.
    const keys = p.edges.map(([a, b]) =>
      [a, b]
        .map((q) => q.join(','))
        .sort()
        .join('|'),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(p.edges.length).toBeGreaterThan(20);
  });
});
