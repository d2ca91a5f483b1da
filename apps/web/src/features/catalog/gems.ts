import type { Product } from '@mirror/contract';

export interface GemVariant {
  key: string;
  colour: string | null;
  cut: string | null;
  count: number;
  /** A piece that shows this variant, for the picture. */
  sample: Product;
}

export interface GemStone {
  name: string;
  count: number;
  variants: GemVariant[];
  colours: string[];
  cuts: string[];
}

function titleCase(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/**
 * Every gemstone in the catalogue, grouped by stone type, then by colour and cut; counts are
 * pieces. Stone names are normalised ('DIAMOND', 'diamond' → 'Diamond').
 */
export function gemIndex(products: readonly Product[]): { stones: GemStone[] } {
  const stones = new Map<string, { name: string; count: number; variants: Map<string, GemVariant> }>();
  for (const product of products) {
    const gem = product.gemstone;
    if (!gem?.type?.trim()) continue;
    const name = titleCase(gem.type);
    const stone = stones.get(name) ?? { name, count: 0, variants: new Map() };
    stone.count += 1;
    const colour = gem.colour?.trim() ? titleCase(gem.colour) : null;
    const cut = gem.cut?.trim() ? titleCase(gem.cut) : null;
    const key = `${colour ?? ''}|${cut ?? ''}`;
    const variant = stone.variants.get(key);
    if (variant) variant.count += 1;
    else stone.variants.set(key, { key, colour, cut, count: 1, sample: product });
    stones.set(name, stone);
  }
  return {
    stones: [...stones.values()]
      .map((s) => {
        const variants = [...s.variants.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
        return {
          name: s.name,
          count: s.count,
          variants,
          colours: [...new Set(variants.map((v) => v.colour).filter((c): c is string => c !== null))].sort(),
          cuts: [...new Set(variants.map((v) => v.cut).filter((c): c is string => c !== null))].sort(),
        };
      })
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}
