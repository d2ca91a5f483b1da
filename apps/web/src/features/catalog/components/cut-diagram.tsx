import { crownFacets, FACET_COUNT, pavilionFacets, planPoint, profile, proportions, type Facet, type Point } from '../cut-geometry';
import type { CutSpec } from '../new-cut';
import styles from './cut-diagram.module.css';

/** Drawing units per stone width. */
const S = 100;
const f = (n: number) => Number(n.toFixed(2));
const pt = ([x, y]: Point) => `${f(x * S)} ${f(y * S)}`;
const pct = (n: number) => `${n.toFixed(1).replace(/\.0$/, '')}%`;
const deg = (n: number) => `${n.toFixed(1).replace(/\.0$/, '')}°`;

/** A facet's outline; an edge along the girdle follows the outline's ellipse. */
function facetPath(spec: CutSpec, facet: Facet): string {
  const [rx, ry] = [(spec.lengthToWidth / 2) * S, S / 2];
  const points = facet.vertices.map((v) => planPoint(spec, v));
  let d = `M${pt(points[0]!)}`;
  for (let i = 1; i <= points.length; i += 1) {
    const from = facet.vertices[i - 1]!;
    const to = facet.vertices[i % points.length]!;
    const isGirdle = from.r === 1 && to.r === 1;
    d += isGirdle ? `A${f(rx)} ${f(ry)} 0 0 1 ${pt(points[i % points.length]!)}` : i === points.length ? 'Z' : `L${pt(points[i]!)}`;
  }
  return d;
}

export interface CutPlanProps {
  spec: CutSpec;
  side: 'crown' | 'pavilion';
  /** The accessible name of the drawing. */
  label: string;
  className?: string;
}

/** The cut seen face up (its crown) or face down (its pavilion): every facet's outline. */
export function CutPlan({ spec, side, label, className }: CutPlanProps) {
  const facets = side === 'crown' ? crownFacets(spec) : pavilionFacets(spec);
  const [hx, hy] = [(spec.lengthToWidth / 2) * S, S / 2];
  const pad = 3;
  return (
    <svg
      className={[styles.drawing, className].filter(Boolean).join(' ')}
      viewBox={`${f(-hx - pad)} ${f(-hy - pad)} ${f(2 * (hx + pad))} ${f(2 * (hy + pad))}`}
      role="img"
      aria-label={label}
      data-side={side}
    >
      {facets.map((facet, i) => (
        <path key={i} d={facetPath(spec, facet)} className={facet.kind === 'table' ? styles.table : styles.facet} data-facet={facet.kind} />
      ))}
      <ellipse cx="0" cy="0" rx={f(hx)} ry={f(hy)} className={styles.girdle} />
    </svg>
  );
}

/** The profile across the width, with the figures a grading report prints at their places. */
export function CutProfile({ spec, label }: { spec: CutSpec; label: string }) {
  const p = profile(spec);
  const figures = proportions(spec);
  const y = (z: number) => f(-z * S);
  const x = (v: number) => f(v * S);
  const top = y(p.levels.table);
  const girdleTop = y(p.levels.girdleTop);
  const girdleBottom = y(0);
  const culet = y(p.levels.culet);
  const tableX = x(p.tableHalfWidth);
  const edge = x(-0.5);
  // Angle marks at the left girdle edge: an arc from the girdle plane to the facet's line.
  const arc = (cy: number, angle: number, isUp: boolean) => {
    const r = 16;
    const a = (angle * Math.PI) / 180;
    const end: Point = [edge + r * Math.cos(a), cy + (isUp ? -1 : 1) * r * Math.sin(a)];
    return `M${f(edge + r)} ${f(cy)}A${r} ${r} 0 0 ${isUp ? 0 : 1} ${f(end[0])} ${f(end[1])}`;
  };
  const middle = (a: number, b: number) => f((a + b) / 2 + 2.2);
  return (
    <svg className={styles.drawing} viewBox={`-82 ${f(top - 19)} 200 ${f(culet - top + 27)}`} role="img" aria-label={label}>
      {p.edges.map(([from, to], i) => (
        <line key={i} x1={x(from[0])} y1={y(from[1])} x2={x(to[0])} y2={y(to[1])} className={styles.edge} />
      ))}
      <line x1={edge} y1={girdleTop} x2={x(0.5)} y2={girdleTop} className={styles.edge} />
      <line x1={edge} y1={girdleBottom} x2={x(0.5)} y2={girdleBottom} className={styles.edge} />
      <polygon points={p.outline.map(([u, z]) => `${x(u)},${y(z)}`).join(' ')} className={styles.outline} />

      <g className={styles.dimension}>
        {/* Table, above the stone. */}
        <path d={`M${-tableX} ${f(top - 6)}H${tableX}M${-tableX} ${f(top - 9)}v6M${tableX} ${f(top - 9)}v6`} />
        {/* Crown angle and pavilion angle, left. */}
        <path d={arc(girdleTop, spec.crownAngle, true)} />
        <path d={arc(girdleBottom, spec.pavilionAngle, false)} />
        {/* Crown height, girdle and pavilion depth, right. */}
        <path d={`M60 ${top}V${girdleTop}M57 ${top}h6M57 ${girdleTop}h6M60 ${girdleBottom}V${culet}M57 ${girdleBottom}h6M57 ${culet}h6`} />
        {/* Total depth, far right. */}
        <path d={`M90 ${top}V${culet}M87 ${top}h6M87 ${culet}h6`} />
      </g>
      <text x="0" y={f(top - 10)} className={styles.figure} textAnchor="middle" data-figure="table">
        {pct(figures.table)}
      </text>
      <text x={f(edge - 6)} y={f(girdleTop - 4)} className={styles.figure} textAnchor="end" data-figure="crown-angle">
        {deg(spec.crownAngle)}
      </text>
      <text x={f(edge - 6)} y={f(girdleBottom + 9)} className={styles.figure} textAnchor="end" data-figure="pavilion-angle">
        {deg(spec.pavilionAngle)}
      </text>
      <text x="64" y={middle(top, girdleTop)} className={styles.figure} data-figure="crown-height">
        {pct(figures.crownHeight)}
      </text>
      <text x="64" y={middle(girdleTop, girdleBottom) + 1} className={styles.figureSmall} data-figure="girdle">
        {pct(figures.girdle)}
      </text>
      <text x="64" y={middle(girdleBottom, culet)} className={styles.figure} data-figure="pavilion-depth">
        {pct(figures.pavilionDepth)}
      </text>
      <text x="94" y={middle(top, culet)} className={styles.figure} data-figure="total-depth">
        {pct(figures.totalDepth)}
      </text>
    </svg>
  );
}

export interface CutDiagramProps {
  spec: CutSpec;
  /** The cut's name, in the drawings' names ("The Mirror Oval"). */
  name: string;
}

/** The cut's geometry: face up, in profile, face down, and the figures, written out. */
export function CutDiagram({ spec, name }: CutDiagramProps) {
  const figures = proportions(spec);
  const rows: [string, string][] = [
    ['Outline', `Oval, ${spec.lengthToWidth.toFixed(2)} : 1`],
    ['Table', pct(figures.table)],
    ['Crown angle', deg(spec.crownAngle)],
    ['Crown height', pct(figures.crownHeight)],
    ['Girdle', `${pct(figures.girdle)}, thin to medium`],
    ['Pavilion angle', deg(spec.pavilionAngle)],
    ['Pavilion depth', pct(figures.pavilionDepth)],
    ['Total depth', pct(figures.totalDepth)],
    ['Facets', `${FACET_COUNT.crown + FACET_COUNT.pavilion}: ${FACET_COUNT.crown} on the crown, ${FACET_COUNT.pavilion} on the pavilion`],
    ['Culet', 'None'],
  ];
  return (
    <div className={styles.diagram} data-testid="cut-diagram">
      <div className={styles.views}>
        <figure className={styles.view}>
          <CutPlan spec={spec} side="crown" label={`${name}, face up: the table, 8 star, 8 bezel and 16 upper girdle facets`} />
          <figcaption className={styles.caption}>Face up — the crown</figcaption>
        </figure>
        <figure className={`${styles.view} ${styles.profileView}`}>
          <CutProfile spec={spec} label={`${name} in profile across the width, with its proportions`} />
          <figcaption className={styles.caption}>In profile, across the width</figcaption>
        </figure>
        <figure className={styles.view}>
          <CutPlan spec={spec} side="pavilion" label={`${name}, face down: 8 pavilion main and 16 lower girdle facets`} />
          <figcaption className={styles.caption}>Face down — the pavilion</figcaption>
        </figure>
      </div>
      <dl className={styles.figures}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
