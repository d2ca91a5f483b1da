/**
 * Rows ↔ contract shapes: a product row as the API answers it (`toProductDto`: its images with their renditions,
 * its availability at the stock threshold), a request's images and gemstone as columns, and the names and
 * groupings the gem index, the facets and the statistics show.
 */
import type { Availability, CreateProductBody, Image, Product } from '@mirror/contract';
import type { NewProductRow, ProductRow, StoredImage } from '../../db/schema/index';
import { fileUrl } from '../../lib/storage/storage';

/** A stone, colour or cut as the storefront names it: 'ROSE_GOLD', 'rose-gold' → 'Rose Gold'. */
export function titleCase(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

export function toImageDto(image: StoredImage): Image {
  const sources = [...image.sources].sort((a, b) => a.width - b.width);
  // The default rendition: the first at least 640 px wide, else the largest there is.
  const main = sources.find((s) => s.width >= 640) ?? sources[sources.length - 1]!;
  return {
    variant: image.variant,
    alt: image.alt,
    url: fileUrl(main.key),
    width: main.width,
    height: main.height,
    srcset: sources.map((s) => ({ url: fileUrl(s.key), width: s.width, height: s.height })),
  };
}

export function availabilityOf(stock: number, threshold: number): Availability {
  if (stock <= 0) return 'OUT_OF_STOCK';
  return stock <= threshold ? 'LOW_STOCK' : 'IN_STOCK';
}

export function toProductDto(row: Omit<ProductRow, 'searchVector'>, threshold: number): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    sku: row.sku,
    vendorId: row.vendorId,
    designerId: row.designerId,
    categoryId: row.categoryId,
    metalType: row.metal,
    gemstone: row.gemstoneType
      ? {
          type: row.gemstoneType,
          carat: row.gemstoneCaratPoints == null ? null : row.gemstoneCaratPoints / 100,
          cut: row.gemstoneCut,
          colour: row.gemstoneColour,
          clarity: row.gemstoneClarity,
        }
      : null,
    currency: row.currency,
    price: row.price == null ? null : { amount: row.price, currency: row.currency },
    priceRange:
      row.price == null && row.priceMin != null && row.priceMax != null
        ? { min: row.priceMin, max: row.priceMax, currency: row.currency }
        : null,
    stockQuantity: row.stockQuantity,
    availability: availabilityOf(row.stockQuantity, threshold),
    isFeatured: row.isFeatured,
    status: row.status,
    images: row.images.map(toImageDto),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function toStoredImages(images: { variant: string; alt: string; sources: StoredImage['sources'] }[]): StoredImage[] {
  return images.map((i) => ({
    variant: i.variant,
    alt: i.alt,
    sources: i.sources.map((s) => ({ key: s.key, width: s.width, height: s.height })),
  }));
}

export function gemstoneColumns(gemstone: CreateProductBody['gemstone']): Partial<NewProductRow> {
  if (gemstone === undefined) return {};
  return {
    gemstoneType: gemstone?.type ?? null,
    gemstoneCaratPoints: gemstone?.carat == null ? null : Math.round(gemstone.carat * 100),
    gemstoneCut: gemstone?.cut ?? null,
    gemstoneColour: gemstone?.colour ?? null,
    gemstoneClarity: gemstone?.clarity ?? null,
  };
}

/** Stone spellings that differ only in case are one value (the filter ignores case): the commonest spelling names it. */
export function mergeByCase(list: { value: string; count: number }[]) {
  const merged = new Map<string, { value: string; count: number; top: number }>();
  for (const f of list) {
    const key = f.value.toLowerCase();
    const m = merged.get(key);
    if (!m) merged.set(key, { value: f.value, count: f.count, top: f.count });
    else {
      m.count += f.count;
      if (f.count > m.top) Object.assign(m, { value: f.value, top: f.count });
    }
  }
  return [...merged.values()]
    .map(({ value, count }) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** One entry per category, one amount per currency (price-on-request pieces are not valued), categories by name. */
export function stockValueByCategory(
  rows: { category_id: string | null; currency: string | null; stock_value: string | number | null }[],
  names: Map<string, string>,
) {
  const byCategory = new Map<string, { amount: number; currency: string }[]>();
  for (const r of rows) {
    const list = byCategory.get(r.category_id!) ?? [];
    list.push({ currency: r.currency!, amount: Number(r.stock_value ?? 0) });
    byCategory.set(r.category_id!, list);
  }
  return [...byCategory]
    .map(([categoryId, value]) => ({
      categoryId,
      name: names.get(categoryId) ?? '',
      value: value.sort((a, b) => a.currency.localeCompare(b.currency)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.categoryId.localeCompare(b.categoryId));
}
