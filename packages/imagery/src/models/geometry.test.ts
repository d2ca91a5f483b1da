import { describe, expect, it } from 'vitest';
import { caratOfRound, dimsFor, girdlePoint, stoneDims, stoneMesh, type Cut } from './cuts';
import { shankMesh } from './metal';
import { prongAngles, prongPath, prongRadius } from './settings';
import { RING_INNER_DIAMETER, buildRing } from './rings';
import { FORMS, formOf, modelSpecOf, specHash } from './spec';
import { sceneOf } from './index';
import { PieceScene } from './mesh';

const deg = (rad: number) => (rad * 180) / Math.PI;

describe('stones', () => {
  it('cuts a 1 ct round brilliant 6.45 mm across with a 57 % table, 34.5° crown, 40.8° pavilion and 61 % depth', () => {
    const d = stoneDims('round', 1, 'Diamond');
    expect(d.width).toBeCloseTo(6.45, 1);
    const mesh = stoneMesh(d);
    const ys: number[] = [];
    const radial: number[] = [];
    for (let i = 0; i < mesh.positions.length; i += 3) {
      ys.push(mesh.positions[i + 1]!);
      radial.push(Math.hypot(mesh.positions[i]!, mesh.positions[i + 2]!));
    }
    const top = Math.max(...ys);
    const bottom = Math.min(...ys);
    const r = d.width / 2;
    const tableRadius = Math.max(...radial.filter((_, i) => Math.abs(ys[i]! - top) < 1e-5));
    expect(tableRadius / r).toBeCloseTo(0.57, 2);
    expect((top - bottom) / d.width).toBeCloseTo(0.61, 2);
    const girdleTop = d.girdle / 2;
    expect(deg(Math.atan((top - girdleTop) / (r - tableRadius)))).toBeCloseTo(34.5, 1);
    expect(deg(Math.atan((-girdleTop - bottom) / r))).toBeCloseTo(40.8, 1);
    expect(Math.max(...radial)).toBeCloseTo(r, 3);
  });

  it('turns weight into size: the formula inverts, denser stones are smaller, fancy cuts keep their ratios', () => {
    for (const carat of [0.25, 1, 3]) expect(caratOfRound(stoneDims('round', carat).width)).toBeCloseTo(carat, 5);
    expect(stoneDims('round', 2).width / stoneDims('round', 1).width).toBeCloseTo(Math.cbrt(2), 5);
    expect(stoneDims('round', 1, 'Sapphire').width).toBeLessThan(stoneDims('round', 1, 'Diamond').width);
    expect(stoneDims('round', 1, 'Emerald').width).toBeGreaterThan(stoneDims('round', 1, 'Diamond').width);
    const ratios: [Cut, number, string][] = [
      ['oval', 1.35, 'oval'],
      ['pear', 1.6, 'pear'],
      ['marquise', 2, 'marquise'],
      ['step', 1.45, 'emerald'],
      ['step', 1, 'asscher'],
      ['princess', 1, 'princess'],
    ];
    for (const [cut, ratio, text] of ratios) {
      const d = stoneDims(cut, 1, 'Diamond', text);
      expect(d.length / d.width, text).toBeCloseTo(ratio, 5);
      // the outline really spans length × width
      expect(girdlePoint(d, Math.PI / 2)[2] - girdlePoint(d, -Math.PI / 2)[2], text).toBeCloseTo(d.length, 1);
      const xs = Array.from({ length: 720 }, (_, i) => girdlePoint(d, (i / 720) * Math.PI * 2)[0]);
      expect(Math.max(...xs) - Math.min(...xs), text).toBeCloseTo(d.width, 1);
    }
  });

  it('closes every cut into a convex solid with outward facets', () => {
    for (const cut of ['round', 'oval', 'pear', 'marquise', 'cushion', 'princess', 'step', 'cabochon'] as Cut[]) {
      const mesh = stoneMesh(dimsFor(cut, 6));
      let inward = 0;
      for (let t = 0; t < mesh.indices.length; t += 3) {
        const [a, b, c] = [mesh.indices[t]!, mesh.indices[t + 1]!, mesh.indices[t + 2]!].map((i) => [
          mesh.positions[i * 3]!,
          mesh.positions[i * 3 + 1]!,
          mesh.positions[i * 3 + 2]!,
        ]);
        const u = [b![0]! - a![0]!, b![1]! - a![1]!, b![2]! - a![2]!];
        const v = [c![0]! - a![0]!, c![1]! - a![1]!, c![2]! - a![2]!];
        const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
        const centroid = [(a![0]! + b![0]! + c![0]!) / 3, (a![1]! + b![1]! + c![1]!) / 3, (a![2]! + b![2]! + c![2]!) / 3];
        if (Math.hypot(n[0]!, n[1]!, n[2]!) > 1e-9 && n[0]! * centroid[0]! + n[1]! * centroid[1]! + n[2]! * centroid[2]! < -1e-9) inward++;
      }
      expect(inward, cut).toBe(0);
    }
  });
});

describe('settings', () => {
  it('brings every prong against the girdle: the wire touches the stone without cutting into it', () => {
    for (const cut of ['round', 'oval', 'pear', 'marquise', 'cushion', 'princess', 'step'] as Cut[]) {
      const d = stoneDims(cut, 1, 'Diamond', cut === 'step' ? 'emerald' : cut);
      const r = prongRadius(d);
      for (const angle of prongAngles(d, cut === 'round' ? 6 : 4)) {
        const g = girdlePoint(d, angle);
        const path = prongPath(d, angle, [0, -5, 0], r);
        // distance from the girdle point to the wire's axis where it passes the girdle
        const nearest = Math.min(...path.map((p) => Math.hypot(p[0] - g[0], p[2] - g[2]) + (Math.abs(p[1]) > d.girdle ? Infinity : 0)));
        expect(nearest, `${cut} at ${angle.toFixed(2)}`).toBeLessThan(r);
        expect(nearest, `${cut} at ${angle.toFixed(2)}`).toBeGreaterThan(r * 0.5);
        // the tip folds over the crown: inside the girdle and above it
        const tip = path[path.length - 1]!;
        expect(Math.hypot(tip[0], tip[2])).toBeLessThan(Math.hypot(g[0], g[2]));
        expect(tip[1]).toBeGreaterThan(d.girdle / 2);
      }
    }
  });

  it('sizes prongs with the stone: about a millimetre wide on a 1 ct brilliant', () => {
    expect(prongRadius(stoneDims('round', 1)) * 2).toBeGreaterThan(0.9);
    expect(prongRadius(stoneDims('round', 1)) * 2).toBeLessThan(1.2);
    expect(prongRadius(stoneDims('round', 0.1))).toBeLessThan(prongRadius(stoneDims('round', 3)));
  });
});

describe('rings', () => {
  it('keeps the shank round inside at the ring size (EU 52), its normals facing out', () => {
    expect(RING_INNER_DIAMETER).toBeCloseTo(16.55, 2);
    const mesh = shankMesh({
      innerDiameter: RING_INNER_DIAMETER,
      width: () => 2,
      thickness: (phi) => 1.6 + 0.4 * Math.max(0, Math.cos(phi)),
      squareness: 2.6,
    });
    let minR = Infinity;
    let outward = 0;
    let total = 0;
    for (let i = 0; i < mesh.positions.length; i += 3) {
      const [x, y, z] = [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!];
      const r = Math.hypot(y, z);
      minR = Math.min(minR, r);
      // the section's centre at this angle
      const phi = Math.atan2(z, y);
      const rc = RING_INNER_DIAMETER / 2 + (1.6 + 0.4 * Math.max(0, Math.cos(phi))) / 2;
      const d = [x, y - Math.cos(phi) * rc, z - Math.sin(phi) * rc];
      const n = [mesh.normals[i]!, mesh.normals[i + 1]!, mesh.normals[i + 2]!];
      total++;
      if (d[0]! * n[0]! + d[1]! * n[1]! + d[2]! * n[2]! > 0) outward++;
    }
    expect(minR).toBeGreaterThanOrEqual(RING_INNER_DIAMETER / 2 - 1e-4);
    expect(minR).toBeCloseTo(RING_INNER_DIAMETER / 2, 3);
    expect(outward / total).toBeGreaterThan(0.99);
  });

  it('sets a solitaire high: the culet clears the shank and the head is named for the web', () => {
    const scene = new PieceScene();
    buildRing(
      scene,
      modelSpecOf({
        name: 'Givre Diamond Solitaire',
        categoryName: 'Engagement Rings',
        metal: 'PLATINUM',
        gemstone: { type: 'Diamond', cut: 'Brilliant', colour: 'D', carat: 1 },
      }),
    );
    const names = scene.nodes.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['band', 'stone-0', 'prong-0', 'prong-5', 'gallery-0']));
    expect(names.filter((n) => n.startsWith('prong-'))).toHaveLength(6);
    const stone = scene.nodes.find((n) => n.name === 'stone-0')!;
    const d = stoneDims('round', 1);
    const culetY = stone.translation[1] - d.girdle / 2 - d.pavilion;
    const shankTop = RING_INNER_DIAMETER / 2 + 1.75;
    expect(culetY).toBeGreaterThan(shankTop);
    expect(culetY - shankTop).toBeLessThan(1);
  });
});

describe('forms and hashes', () => {
  it('reads the form from the piece name, then its category', () => {
    const cases: [string, string, boolean, string][] = [
      ['Engagement Rings', 'Givre Diamond Solitaire', true, 'solitaire'],
      ['Engagement Rings', 'Opéra Sapphire Halo Ring', true, 'halo'],
      ['Engagement Rings', 'Étoile Diamond Trilogy Ring', true, 'trilogy'],
      ['Engagement Rings', 'Marée Diamond Promise Ring', true, 'solitaire'],
      ['Rings', 'Sylve Ring', false, 'band'],
      ['Rings', 'Sylve Ruby Ring', true, 'ring'],
      ['Rings', 'Givre Band', false, 'band'],
      ['Rings', 'Solaire Citrine Signet', true, 'signet'],
      ['Rings', 'Éclat Ruby Cocktail Ring', true, 'cocktail'],
      ['Necklaces', 'Glycine Pearl Pendant', true, 'pendant'],
      ['Necklaces', 'Étoile Diamond Rivière', true, 'riviere'],
      ['Necklaces', 'Marée Sautoir', false, 'sautoir'],
      ['Necklaces', 'Givre Collier', false, 'riviere'],
      ['Earrings', 'Opéra Diamond Studs', true, 'studs'],
      ['Earrings', 'Givre Aquamarine Drops', true, 'drops'],
      ['Earrings', 'Solaire Hoops', false, 'hoops'],
      ['Earrings', 'Opéra Pearl Chandeliers', true, 'chandeliers'],
      ['Bracelets', 'Givre Bangle', false, 'bangle'],
      ['Bracelets', 'Étoile Diamond Tennis Bracelet', true, 'tennis'],
      ['Bracelets', 'Sylve Cuff', false, 'cuff'],
      ['Bracelets', 'Marée Chain Bracelet', false, 'chain-bracelet'],
      ['High Jewelry', 'Opéra Sapphire Parure', true, 'parure'],
      ['High Jewelry', 'Givre Diamond Bib Necklace', true, 'bib'],
      ['High Jewelry', 'Étoile Tiara', false, 'tiara'],
      ['High Jewelry', 'Glycine Ruby Brooch', true, 'brooch'],
      ['Earrings', 'Untitled', true, 'studs'],
    ];
    for (const [category, name, hasStone, form] of cases) expect(formOf(category, name, hasStone), name).toBe(form);
  });

  it('builds every form with and without a stone, each stone named', () => {
    for (const form of FORMS) {
      for (const gemstone of [null, { type: 'Sapphire', cut: 'Oval', colour: 'Royal Blue', carat: 1.2 }]) {
        const scene = sceneOf({ ...modelSpecOf({ name: 'x', categoryName: 'x', metal: 'YELLOW_GOLD', gemstone }), form });
        expect(scene.nodes.length, form).toBeGreaterThan(0);
        if (gemstone)
          expect(
            scene.nodes.some((n) => /^stone-\d+$/.test(n.name)),
            form,
          ).toBe(true);
        for (const node of scene.nodes) expect(node.translation.every(Number.isFinite), `${form} ${node.name}`).toBe(true);
      }
    }
  });

  it('hashes every attribute that shapes the model, and nothing else', () => {
    const base = {
      name: 'Givre Diamond Solitaire',
      categoryName: 'Engagement Rings',
      metal: 'PLATINUM' as const,
      gemstone: { type: 'Diamond', cut: 'Brilliant', colour: 'D', carat: 1 },
    };
    const h = specHash(modelSpecOf(base));
    expect(specHash(modelSpecOf({ ...base }))).toBe(h);
    expect(specHash(modelSpecOf({ ...base, name: 'Aube Diamond Solitaire' }))).toBe(h);
    expect(specHash(modelSpecOf(base, 'ROSE_GOLD'))).not.toBe(h);
    expect(specHash(modelSpecOf({ ...base, gemstone: { ...base.gemstone, carat: 1.01 } }))).not.toBe(h);
    expect(specHash(modelSpecOf({ ...base, gemstone: { ...base.gemstone, colour: 'Pink' } }))).not.toBe(h);
    expect(specHash(modelSpecOf({ ...base, name: 'Givre Diamond Halo Ring' }))).not.toBe(h);
  });
});
