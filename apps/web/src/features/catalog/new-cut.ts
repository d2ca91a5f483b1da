/**
 * The house's newest cut, shown at /new-cut (docs/product.md §2 names "a new-cut page"): the value the catalogue
 * stores as the pieces' gemstone cut (the products API's `cut` filter) and the proportions the atelier
 * cuts it to. Pure data: the page and its server-rendered first load (app/routes/new-cut-page.tsx `prepared`) read it.
 *
 * Why the oval: of the cuts the catalogue uses it is the youngest — the modern oval brilliant was
 * devised in 1957, after the round brilliant (1919), the emerald and cushion cuts, the pear and the
 * marquise — and it is the one cut both of the house's 2025 collections set (Aube de Givre's F-colour
 * diamonds, Jardin Suspendu's pink sapphires).
 */
export interface CutSpec {
  /** Length to width of the outline (1.40 : 1). */
  lengthToWidth: number;
  /** Table width, in % of the stone's width. */
  tablePercent: number;
  /** Angle of the crown's bezel facets to the girdle plane, in degrees. */
  crownAngle: number;
  /** Angle of the pavilion's main facets to the girdle plane, in degrees. */
  pavilionAngle: number;
  /** Girdle thickness at the bezels, in % of the width. */
  girdlePercent: number;
  /** How far the star facets reach from the table's edge towards the girdle (0–1). */
  starLength: number;
  /** How far the lower girdle facets reach from the girdle towards the culet (0–1). */
  lowerHalfLength: number;
}

export const NEW_CUT = {
  /** The catalogue's value (products' `gemstone.cut`; the API filter is case-insensitive). */
  cut: 'Oval',
  name: 'The Mirror Oval',
  year: 2025,
  spec: {
    lengthToWidth: 1.4,
    tablePercent: 57,
    crownAngle: 34.5,
    pavilionAngle: 40.8,
    girdlePercent: 3,
    starLength: 0.5,
    lowerHalfLength: 0.75,
  } satisfies CutSpec,
  /** Pieces per page on the page. */
  pageSize: 12,
} as const;
