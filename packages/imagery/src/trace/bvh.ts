/**
 * A bounding volume hierarchy over a triangle soup, in flat typed arrays (no objects per node or per
 * ray): binned surface-area-heuristic build, closest-hit traversal, Möller–Trumbore intersection.
 * Deterministic: the same triangles give the same tree.
 */

const BINS = 12;
const LEAF = 4;

export interface Hit {
  t: number;
  tri: number;
  u: number;
  v: number;
}

export class Bvh {
  /** per triangle, in tree order: v0 and the two edges (9 floats) */
  readonly tri: Float32Array;
  /** per triangle, the index it had in the input (for its normals and material) */
  readonly order: Uint32Array;
  private readonly box: Float64Array;
  /** inner: index of the right child (the left child follows its parent); leaf: first triangle */
  private readonly link: Int32Array;
  /** 0 for an inner node, else the leaf's triangle count */
  private readonly count: Int32Array;
  private readonly axis: Uint8Array;
  private readonly stack = new Int32Array(256);
  readonly min: [number, number, number];
  readonly max: [number, number, number];

  constructor(positions: Float32Array) {
    const n = positions.length / 9;
    const cx = new Float32Array(n * 3);
    const lo = new Float32Array(n * 3);
    const hi = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) {
      for (let a = 0; a < 3; a++) {
        const p0 = positions[i * 9 + a]!;
        const p1 = positions[i * 9 + 3 + a]!;
        const p2 = positions[i * 9 + 6 + a]!;
        const l = Math.min(p0, p1, p2);
        const h = Math.max(p0, p1, p2);
        lo[i * 3 + a] = l;
        hi[i * 3 + a] = h;
        cx[i * 3 + a] = (l + h) / 2;
      }
    }
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = i;
    const maxNodes = Math.max(1, 2 * n);
    const box = new Float32Array(maxNodes * 6);
    const link = new Int32Array(maxNodes);
    const count = new Int32Array(maxNodes);
    const axis = new Uint8Array(maxNodes);
    let used = 0;
    const binLo = new Float32Array(BINS * 3);
    const binHi = new Float32Array(BINS * 3);
    const binN = new Int32Array(BINS);
    const rightArea = new Float32Array(BINS);
    const rightN = new Int32Array(BINS);

    const area = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number) => {
      const dx = x1 - x0;
      const dy = y1 - y0;
      const dz = z1 - z0;
      return dx < 0 ? 0 : dx * dy + dy * dz + dz * dx;
    };

    // (node, start, end) work list, depth first so a left child directly follows its parent
    const work: number[] = [];
    const root = used++;
    work.push(root, 0, n);
    while (work.length) {
      const end = work.pop()!;
      const start = work.pop()!;
      const node = work.pop()!;
      let bx0 = Infinity, by0 = Infinity, bz0 = Infinity, bx1 = -Infinity, by1 = -Infinity, bz1 = -Infinity; // prettier-ignore
      let cx0 = Infinity, cy0 = Infinity, cz0 = Infinity, cx1 = -Infinity, cy1 = -Infinity, cz1 = -Infinity; // prettier-ignore
      for (let k = start; k < end; k++) {
        const i = idx[k]! * 3;
        bx0 = Math.min(bx0, lo[i]!);
        by0 = Math.min(by0, lo[i + 1]!);
        bz0 = Math.min(bz0, lo[i + 2]!);
        bx1 = Math.max(bx1, hi[i]!);
        by1 = Math.max(by1, hi[i + 1]!);
        bz1 = Math.max(bz1, hi[i + 2]!);
        cx0 = Math.min(cx0, cx[i]!);
        cy0 = Math.min(cy0, cx[i + 1]!);
        cz0 = Math.min(cz0, cx[i + 2]!);
        cx1 = Math.max(cx1, cx[i]!);
        cy1 = Math.max(cy1, cx[i + 1]!);
        cz1 = Math.max(cz1, cx[i + 2]!);
      }
      box.set([bx0, by0, bz0, bx1, by1, bz1], node * 6);
      const m = end - start;
      const ex = cx1 - cx0;
      const ey = cy1 - cy0;
      const ez = cz1 - cz0;
      const a = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
      const c0 = a === 0 ? cx0 : a === 1 ? cy0 : cz0;
      const extent = a === 0 ? ex : a === 1 ? ey : ez;
      if (m <= LEAF || extent <= 1e-9) {
        link[node] = start;
        count[node] = m;
        continue;
      }
      // bin the centroids along the longest axis, sweep for the cheapest split
      binN.fill(0);
      binLo.fill(Infinity);
      binHi.fill(-Infinity);
      const scale = BINS / extent;
      for (let k = start; k < end; k++) {
        const i = idx[k]! * 3;
        const b = Math.min(BINS - 1, Math.floor((cx[i + a]! - c0) * scale));
        binN[b]!++;
        for (let q = 0; q < 3; q++) {
          binLo[b * 3 + q] = Math.min(binLo[b * 3 + q]!, lo[i + q]!);
          binHi[b * 3 + q] = Math.max(binHi[b * 3 + q]!, hi[i + q]!);
        }
      }
      let rx0 = Infinity, ry0 = Infinity, rz0 = Infinity, rx1 = -Infinity, ry1 = -Infinity, rz1 = -Infinity; // prettier-ignore
      let rn = 0;
      for (let b = BINS - 1; b > 0; b--) {
        if (binN[b]) {
          rx0 = Math.min(rx0, binLo[b * 3]!);
          ry0 = Math.min(ry0, binLo[b * 3 + 1]!);
          rz0 = Math.min(rz0, binLo[b * 3 + 2]!);
          rx1 = Math.max(rx1, binHi[b * 3]!);
          ry1 = Math.max(ry1, binHi[b * 3 + 1]!);
          rz1 = Math.max(rz1, binHi[b * 3 + 2]!);
        }
        rn += binN[b]!;
        rightArea[b] = area(rx0, ry0, rz0, rx1, ry1, rz1);
        rightN[b] = rn;
      }
      let best = -1;
      let bestCost = m * area(bx0, by0, bz0, bx1, by1, bz1);
      let lx0 = Infinity, ly0 = Infinity, lz0 = Infinity, lx1 = -Infinity, ly1 = -Infinity, lz1 = -Infinity; // prettier-ignore
      let ln = 0;
      for (let b = 0; b < BINS - 1; b++) {
        if (binN[b]) {
          lx0 = Math.min(lx0, binLo[b * 3]!);
          ly0 = Math.min(ly0, binLo[b * 3 + 1]!);
          lz0 = Math.min(lz0, binLo[b * 3 + 2]!);
          lx1 = Math.max(lx1, binHi[b * 3]!);
          ly1 = Math.max(ly1, binHi[b * 3 + 1]!);
          lz1 = Math.max(lz1, binHi[b * 3 + 2]!);
        }
        ln += binN[b]!;
        if (ln === 0 || rightN[b + 1] === 0) continue;
        const cost = ln * area(lx0, ly0, lz0, lx1, ly1, lz1) + rightN[b + 1]! * rightArea[b + 1]!;
        if (cost < bestCost) {
          bestCost = cost;
          best = b;
        }
      }
      let mid: number;
      if (best < 0) {
        if (m <= LEAF * 4) {
          link[node] = start;
          count[node] = m;
          continue;
        }
        // no split pays off but the leaf would be large: halve by the centroid's order
        const sorted = Array.from(idx.subarray(start, end)).sort((p, q) => cx[p * 3 + a]! - cx[q * 3 + a]! || p - q);
        idx.set(sorted, start);
        mid = start + (m >> 1);
      } else {
        // partition in place: bins 0..best to the left
        let i = start;
        let j = end - 1;
        while (i <= j) {
          const b = Math.min(BINS - 1, Math.floor((cx[idx[i]! * 3 + a]! - c0) * scale));
          if (b <= best) i++;
          else {
            const t = idx[i]!;
            idx[i] = idx[j]!;
            idx[j] = t;
            j--;
          }
        }
        mid = i;
      }
      const left = used++;
      const right = used++;
      link[node] = right;
      count[node] = 0;
      axis[node] = a;
      // the right child is processed after the whole left subtree: pushed first
      work.push(right, mid, end, left, start, mid);
    }
    // renumber so that each left child directly follows its parent (depth-first order)
    const newIndex = new Int32Array(used);
    const box2 = new Float64Array(used * 6);
    const link2 = new Int32Array(used);
    const count2 = new Int32Array(used);
    const axis2 = new Uint8Array(used);
    let next = 0;
    const visit: number[] = [root];
    // children were allocated in pairs (right = left + 1): number them depth first, left before right
    while (visit.length) {
      const node = visit.pop()!;
      newIndex[node] = next++;
      if (count[node] === 0) {
        const right = link[node]!;
        visit.push(right, right - 1);
      }
    }
    for (let node = 0; node < used; node++) {
      const k = newIndex[node]!;
      box2.set(box.subarray(node * 6, node * 6 + 6), k * 6);
      count2[k] = count[node]!;
      axis2[k] = axis[node]!;
      link2[k] = count[node] === 0 ? newIndex[link[node]!]! : link[node]!;
    }
    this.box = box2;
    this.link = link2;
    this.count = count2;
    this.axis = axis2;
    this.order = idx;
    this.tri = new Float32Array(n * 9);
    for (let k = 0; k < n; k++) {
      const i = idx[k]! * 9;
      const o = k * 9;
      const x = positions[i]!;
      const y = positions[i + 1]!;
      const z = positions[i + 2]!;
      this.tri[o] = x;
      this.tri[o + 1] = y;
      this.tri[o + 2] = z;
      this.tri[o + 3] = positions[i + 3]! - x;
      this.tri[o + 4] = positions[i + 4]! - y;
      this.tri[o + 5] = positions[i + 5]! - z;
      this.tri[o + 6] = positions[i + 6]! - x;
      this.tri[o + 7] = positions[i + 7]! - y;
      this.tri[o + 8] = positions[i + 8]! - z;
    }
    this.min = [box2[0]!, box2[1]!, box2[2]!];
    this.max = [box2[3]!, box2[4]!, box2[5]!];
  }

  /**
   * The closest triangle along the ray within (tMin, tMax), written into `hit` (tri is the tree-order
   * index: `order[tri]` is the input's). Returns false on a miss.
   */
  intersect(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tMin: number, tMax: number, hit: Hit): boolean {
    const box = this.box;
    const link = this.link;
    const count = this.count;
    const axis = this.axis;
    const tri = this.tri;
    const stack = this.stack;
    const ix = 1 / dx;
    const iy = 1 / dy;
    const iz = 1 / dz;
    let best = tMax;
    let bestTri = -1;
    let bu = 0;
    let bv = 0;
    let sp = 0;
    let node = 0;
    for (;;) {
      const b = node * 6;
      const ax = (box[b]! - ox) * ix;
      const bx = (box[b + 3]! - ox) * ix;
      const ay = (box[b + 1]! - oy) * iy;
      const by = (box[b + 4]! - oy) * iy;
      const az = (box[b + 2]! - oz) * iz;
      const bz = (box[b + 5]! - oz) * iz;
      let t0 = ax < bx ? ax : bx;
      let t1 = ax < bx ? bx : ax;
      const y0 = ay < by ? ay : by;
      const y1 = ay < by ? by : ay;
      const z0 = az < bz ? az : bz;
      const z1 = az < bz ? bz : az;
      if (y0 > t0) t0 = y0;
      if (z0 > t0) t0 = z0;
      if (y1 < t1) t1 = y1;
      if (z1 < t1) t1 = z1;
      if (t0 <= t1 && t1 > tMin && t0 < best) {
        const c = count[node]!;
        if (c === 0) {
          // visit the nearer child first
          const left = node + 1;
          const right = link[node]!;
          const a = axis[node]!;
          if (a === 0 ? dx < 0 : a === 1 ? dy < 0 : dz < 0) {
            stack[sp++] = left;
            node = right;
          } else {
            stack[sp++] = right;
            node = left;
          }
          continue;
        }
        const first = link[node]!;
        for (let k = first; k < first + c; k++) {
          const o = k * 9;
          const e1x = tri[o + 3]!;
          const e1y = tri[o + 4]!;
          const e1z = tri[o + 5]!;
          const e2x = tri[o + 6]!;
          const e2y = tri[o + 7]!;
          const e2z = tri[o + 8]!;
          const px = dy * e2z - dz * e2y;
          const py = dz * e2x - dx * e2z;
          const pz = dx * e2y - dy * e2x;
          const det = e1x * px + e1y * py + e1z * pz;
          if (det > -1e-12 && det < 1e-12) continue;
          const inv = 1 / det;
          const tx = ox - tri[o]!;
          const ty = oy - tri[o + 1]!;
          const tz = oz - tri[o + 2]!;
          const u = (tx * px + ty * py + tz * pz) * inv;
          if (u < 0 || u > 1) continue;
          const qx = ty * e1z - tz * e1y;
          const qy = tz * e1x - tx * e1z;
          const qz = tx * e1y - ty * e1x;
          const v = (dx * qx + dy * qy + dz * qz) * inv;
          if (v < 0 || u + v > 1) continue;
          const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
          if (t > tMin && t < best) {
            best = t;
            bestTri = k;
            bu = u;
            bv = v;
          }
        }
      }
      if (sp === 0) break;
      node = stack[--sp]!;
    }
    if (bestTri < 0) return false;
    hit.t = best;
    hit.tri = bestTri;
    hit.u = bu;
    hit.v = bv;
    return true;
  }
}
