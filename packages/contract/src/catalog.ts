import { z } from 'zod';
import { INT4_MAX, pageSchema, PageQuerySchema, sortParam, booleanQuery } from './common';
import { METAL_TYPES } from './constants';
import { ErrorResponseSchema } from './errors';

export { METAL_TYPES };

// ---------- Shared vocabulary ----------
export const MetalTypeSchema = z.enum(METAL_TYPES);
export type MetalType = z.infer<typeof MetalTypeSchema>;

export const PRODUCT_STATUSES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const;
export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

export const COLLECTION_SEASONS = ['SPRING', 'SUMMER', 'AUTUMN', 'WINTER', 'HOLIDAY'] as const;
export const CollectionSeasonSchema = z.enum(COLLECTION_SEASONS);
export type CollectionSeason = z.infer<typeof CollectionSeasonSchema>;

export const VENDOR_TYPES = ['ATELIER', 'MANUFACTURER', 'GEMSTONE_SUPPLIER', 'DISTRIBUTOR'] as const;
export const VendorTypeSchema = z.enum(VENDOR_TYPES);
export type VendorType = z.infer<typeof VendorTypeSchema>;

export const AVAILABILITIES = ['IN_STOCK', 'LOW_STOCK', 'OUT_OF_STOCK'] as const;
export const AvailabilitySchema = z.enum(AVAILABILITIES);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** ISO 4217 code. Amounts are integer minor units of it (cents for EUR). */
export const CurrencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter ISO currency code such as EUR');
export const MinorUnitsSchema = z.number().int('Use whole minor units (cents)').min(0, 'Must not be negative').max(2_000_000_000);

export const MoneySchema = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof MoneySchema>;

const NameSchema = z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters');
const DescriptionSchema = z.string().trim().max(5000, 'At most 5000 characters');
export const SlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes');

// ---------- Images ----------
/** A storage key as returned by the files API: `<bucket>/<folder>/<name>`. */
export const FileKeySchema = z
  .string()
  .max(400)
  .regex(/^[a-z0-9][a-z0-9-]{1,62}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127})+$/, 'Not a valid file key')
  .refine((k) => !k.split('/').some((p) => p === '.' || p === '..'), 'Not a valid file key');

export const ImageInputSchema = z.object({
  variant: z.string().trim().min(1).max(40).default('front'),
  alt: z.string().trim().max(300).default(''),
  sources: z
    .array(z.object({ key: FileKeySchema, width: z.number().int().min(1).max(10_000), height: z.number().int().min(1).max(10_000) }))
    .min(1, 'Give at least one source')
    .max(8),
});
export type ImageInput = z.input<typeof ImageInputSchema>;

export const ImageSchema = z.object({
  variant: z.string(),
  alt: z.string(),
  /** Default rendition (about 640 px wide). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type Image = z.infer<typeof ImageSchema>;

// ---------- Products ----------
export const GemstoneSchema = z.object({
  type: z.string().trim().min(1, 'Enter the stone').max(60),
  /** Carats with up to two decimals (stored as points). */
  carat: z.number().positive().max(1000).multipleOf(0.01).nullable().optional(),
  cut: z.string().trim().max(60).nullable().optional(),
  colour: z.string().trim().max(60).nullable().optional(),
  clarity: z.string().trim().max(20).nullable().optional(),
});
export type GemstoneInput = z.infer<typeof GemstoneSchema>;

export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sku: z.string(),
  vendorId: z.uuid(),
  designerId: z.uuid().nullable(),
  categoryId: z.uuid(),
  metalType: MetalTypeSchema,
  gemstone: z
    .object({
      type: z.string(),
      carat: z.number().nullable(),
      cut: z.string().nullable(),
      colour: z.string().nullable(),
      clarity: z.string().nullable(),
    })
    .nullable(),
  currency: z.string(),
  /** Fixed price; null for price-on-request pieces. */
  price: MoneySchema.nullable(),
  /** Made-to-order range; null for fixed-price pieces. */
  priceRange: z.object({ min: z.number().int(), max: z.number().int(), currency: z.string() }).nullable(),
  stockQuantity: z.number().int(),
  availability: AvailabilitySchema,
  isFeatured: z.boolean(),
  status: ProductStatusSchema,
  images: z.array(ImageSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * Offset pages (`page` × `size`) reach the first OFFSET_WINDOW pieces of a list (and of a search, which pages no further:
 * `ProductSearchPageSchema`); past them the list is paged with the
 * keyset cursors (`after` / `before`), whose cost does not grow with depth (decisions: deep pages by cursor). Like
 * Elasticsearch's `max_result_window`; Shopify and Saleor page by cursor alone.
 */
export const OFFSET_WINDOW = 10_000;

/** Whether an offset page lies within the window: its last row is at most the OFFSET_WINDOW-th. */
export const isWithinOffsetWindow = (page: number, size: number): boolean => (page + 1) * size <= OFFSET_WINDOW;

/**
 * Keyset pages add cursors: `nextCursor` (the last row's; null when the page is not full) passed back as `after`
 * fetches the next page, `prevCursor` (the first row's; null on the first page) passed back as `before` the previous
 * one — each at constant cost, at any depth.
 */
export const ProductPageSchema = pageSchema(ProductSchema).extend({ nextCursor: z.string().nullable(), prevCursor: z.string().nullable() });
export type ProductPage = z.infer<typeof ProductPageSchema>;

const priceShape = {
  price: MinorUnitsSchema.nullable().optional(),
  priceMin: MinorUnitsSchema.nullable().optional(),
  priceMax: MinorUnitsSchema.nullable().optional(),
};

const productFields = {
  name: NameSchema,
  slug: SlugSchema.optional(),
  description: DescriptionSchema.default(''),
  sku: z
    .string()
    .trim()
    .min(2, 'SKU must be at least 2 characters')
    .max(40, 'At most 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dot, dash and underscore'),
  vendorId: z.uuid().optional(),
  designerId: z.uuid().nullable().optional(),
  categoryId: z.uuid(),
  metalType: MetalTypeSchema,
  gemstone: GemstoneSchema.nullable().optional(),
  currency: CurrencySchema.default('EUR'),
  ...priceShape,
  stockQuantity: z.number().int().min(0, 'Stock cannot be negative').max(1_000_000).default(0),
  isFeatured: z.boolean().default(false),
  status: ProductStatusSchema.default('DRAFT'),
  images: z.array(ImageInputSchema).max(20).default([]),
};

function checkPrice(
  value: { price?: number | null; priceMin?: number | null; priceMax?: number | null },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  const hasRange = value.priceMin != null || value.priceMax != null;
  if (hasRange && (value.priceMin == null || value.priceMax == null)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.priceMin == null ? 'priceMin' : 'priceMax'],
      message: 'Give both ends of the price range',
    });
  }
  if (value.priceMin != null && value.priceMax != null && value.priceMax < value.priceMin) {
    ctx.addIssue({ code: 'custom', path: ['priceMax'], message: 'The top of the range must not be below the bottom' });
  }
  if (required && value.price == null && !hasRange) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'Give a price or a price range' });
  }
}

/** `vendorId` is required from an ADMIN and ignored (forced to the caller's vendor) for a VENDOR. */
export const CreateProductBodySchema = z
  .object(productFields)
  .strict()
  .superRefine((v, ctx) => checkPrice(v, ctx, true));
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>;

/** PUT replaces the editable fields; omitted optional fields keep their value. */
export const UpdateProductBodySchema = z
  .object({
    name: NameSchema.optional(),
    slug: SlugSchema.optional(),
    description: DescriptionSchema.optional(),
    sku: productFields.sku.optional(),
    vendorId: z.uuid().optional(),
    designerId: z.uuid().nullable().optional(),
    categoryId: z.uuid().optional(),
    metalType: MetalTypeSchema.optional(),
    gemstone: GemstoneSchema.nullable().optional(),
    currency: CurrencySchema.optional(),
    ...priceShape,
    stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
    isFeatured: z.boolean().optional(),
    status: ProductStatusSchema.optional(),
    images: z.array(ImageInputSchema).max(20).optional(),
  })
  .strict()
  .superRefine((v, ctx) => checkPrice(v, ctx, false));
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>;

/** Either an absolute quantity or a relative change that can never take stock below zero. */
export const ProductStockBodySchema = z.union([
  z.object({ quantity: z.number().int('Quantity must be a whole number').min(0, 'Quantity cannot be negative').max(1_000_000) }).strict(),
  z.object({ delta: z.number().int('Delta must be a whole number').min(-1_000_000).max(1_000_000) }).strict(),
]);
export type ProductStockBody = z.infer<typeof ProductStockBodySchema>;

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'createdAt', 'updatedAt', 'stock', 'sku'] as const;

/** A price in minor units as a query parameter: prices are `integer` columns, so the bound is int4's. */
const PriceQuery = z.coerce
  .number()
  .int('Use whole minor units (cents)')
  .min(0, 'Must not be negative')
  .max(INT4_MAX, `At most ${INT4_MAX}`);

export const ProductFilterQuerySchema = z.object({
  categoryId: z.uuid().optional(),
  metalType: MetalTypeSchema.optional(),
  vendorId: z.uuid().optional(),
  designerId: z.uuid().optional(),
  collectionId: z.uuid().optional(),
  featured: booleanQuery.optional(),
  availability: AvailabilitySchema.optional(),
  minPrice: PriceQuery.optional(),
  maxPrice: PriceQuery.optional(),
  status: ProductStatusSchema.optional(),
  /** The gemstone's type, case-insensitive exact (`Sapphire` matches `sapphire`). */
  stone: z.string().trim().min(1, 'Enter a stone').max(60, 'At most 60 characters').optional(),
  /** The gemstone's cut, case-insensitive exact (`oval` matches `Oval`). */
  cut: z.string().trim().min(1, 'Enter a cut').max(60, 'At most 60 characters').optional(),
  /** ADMIN only: include soft-deleted products. */
  includeDeleted: booleanQuery.optional(),
  /** ADMIN only: `only` lists soft-deleted products alone (the Trash). */
  deleted: z.enum(['only']).optional(),
  /** VENDOR only (403 for anyone else): just the caller's own pieces, every status (its back-office table). */
  mine: booleanQuery.optional(),
});
export type ProductFilterQuery = z.infer<typeof ProductFilterQuerySchema>;

export const ProductListQuerySchema = PageQuerySchema.extend({
  page: PageQuerySchema.shape.page.describe(
    `Zero-based page. Without a cursor, (page + 1) × size may not pass ${OFFSET_WINDOW.toLocaleString('en')} (400 VALIDATION_FAILED on \`page\`): deeper pages are read with \`after\` / \`before\`. With a cursor, \`page\` is only echoed back (the page number the client shows).`,
  ),
  sort: sortParam(PRODUCT_SORT_FIELDS, 'createdAt,desc'),
  /** Keyset cursor from a previous page's `nextCursor`. */
  after: z
    .string()
    .max(300)
    .optional()
    .describe("The page after this cursor (a page's `nextCursor`), at constant cost at any depth; the same `sort` and filters."),
  /** Keyset cursor from a page's `prevCursor`. */
  before: z
    .string()
    .max(300)
    .optional()
    .describe(
      "The page before this cursor (a page's `prevCursor`), in the list's order; the first page when fewer than `size` pieces precede it. Not with `after`.",
    ),
}).extend(ProductFilterQuerySchema.shape);
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductSearchQuerySchema = PageQuerySchema.extend(ProductFilterQuerySchema.shape).extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100, 'At most 100 characters'),
});
export type ProductSearchQuery = z.infer<typeof ProductSearchQuerySchema>;

/**
 * A search's page. `correctedQuery`: some word had no exact match, so the page holds the pieces of its nearest spellings
 * ("Did you mean …"). A search pages through its first OFFSET_WINDOW pieces and counts no further: `totalExact` false
 * means more than `totalElements` (= OFFSET_WINDOW) pieces match (Elasticsearch's `track_total_hits`).
 */
export const ProductSearchPageSchema = ProductPageSchema.extend({
  correctedQuery: z.string().nullable(),
  totalExact: z
    .boolean()
    .describe('False: more pieces match than `totalElements`, the first OFFSET_WINDOW (10,000) a search pages through.'),
});
export type ProductSearchPage = z.infer<typeof ProductSearchPageSchema>;

/** The facets' filter, and optionally a search: the counts then describe what the search finds. */
export const ProductFacetsQuerySchema = ProductFilterQuerySchema.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100, 'At most 100 characters').optional(),
});
export type ProductFacetsQuery = z.infer<typeof ProductFacetsQuerySchema>;

export const PriceRangeQuerySchema = ProductListQuerySchema.omit({ minPrice: true, maxPrice: true })
  .extend({ min: PriceQuery, max: PriceQuery })
  .refine((v) => v.max >= v.min, { path: ['max'], error: 'max must not be below min' });

const facetValue = z.object({ value: z.string(), label: z.string().optional(), count: z.number().int() });
export const ProductFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(facetValue),
  metals: z.array(facetValue),
  vendors: z.array(facetValue),
  designers: z.array(facetValue),
  collections: z.array(facetValue),
  featured: z.array(facetValue),
  availability: z.array(facetValue),
  statuses: z.array(facetValue),
  /** Gemstone types; spellings that differ only in case count as one (the filter is case-insensitive). */
  stones: z.array(facetValue),
  /** Gemstone cuts, merged by case the same way. */
  cuts: z.array(facetValue),
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

/** One colour and cut of a stone: how many pieces show it, and one of them (the first by name) for its picture. */
export const GemVariantSchema = z.object({
  /** `colour|cut`, stable across requests. */
  key: z.string(),
  colour: z.string().nullable(),
  cut: z.string().nullable(),
  count: z.number().int(),
  sample: z.object({ id: z.uuid(), name: z.string(), image: ImageSchema.nullable() }),
});
export type GemVariant = z.infer<typeof GemVariantSchema>;

/**
 * Every gemstone the public catalogue holds, by stone type (spellings that differ only in case, spaces or
 * `_`/`-` are one), then by colour and cut: the /all-gems index, computed by the database, not by paging
 * the whole catalogue into the browser. Stones by count (then name); variants by count (then key).
 */
export const GemIndexSchema = z.object({
  stones: z.array(
    z.object({
      name: z.string(),
      count: z.number().int(),
      colours: z.array(z.string()),
      cuts: z.array(z.string()),
      variants: z.array(GemVariantSchema),
    }),
  ),
});
export type GemIndex = z.infer<typeof GemIndexSchema>;

export const ProductStatisticsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(ProductStatusSchema, z.number().int()),
  byMetal: z.record(MetalTypeSchema, z.number().int()),
  byCategory: z.array(z.object({ categoryId: z.uuid(), name: z.string(), count: z.number().int() })),
  featured: z.number().int(),
  stockUnits: z.number().int(),
  /** Sum of stock × fixed price per currency (price-on-request pieces are not valued). */
  stockValue: z.array(MoneySchema),
  /** The same value per category (one amount per currency), categories by name. */
  stockValueByCategory: z.array(z.object({ categoryId: z.uuid(), name: z.string(), value: z.array(MoneySchema) })),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  deleted: z.number().int(),
});
export type ProductStatistics = z.infer<typeof ProductStatisticsSchema>;

// ---------- Back-office: bulk actions, SKU check, CSV export and import ----------
export const PRODUCT_BULK_ACTIONS = ['FEATURE', 'UNFEATURE', 'SET_STATUS', 'DELETE', 'RESTORE'] as const;
export const ProductBulkActionSchema = z.enum(PRODUCT_BULK_ACTIONS);
export type ProductBulkAction = z.infer<typeof ProductBulkActionSchema>;

/** One action on up to 500 pieces, all in one transaction; `status` goes with SET_STATUS only. */
export const ProductBulkBodySchema = z
  .object({
    ids: z.array(z.uuid()).min(1, 'Choose at least one piece').max(500, 'At most 500 pieces at a time'),
    action: ProductBulkActionSchema,
    status: ProductStatusSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'SET_STATUS' && !v.status) ctx.addIssue({ code: 'custom', path: ['status'], message: 'Choose the status to set' });
    if (v.action !== 'SET_STATUS' && v.status)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Only SET_STATUS takes a status' });
  });
export type ProductBulkBody = z.infer<typeof ProductBulkBodySchema>;

/** `ids`: the pieces the action changed (those already in the target state are left alone), e.g. for an Undo. */
export const ProductBulkResultSchema = z.object({ updated: z.number().int(), ids: z.array(z.uuid()) });
export type ProductBulkResult = z.infer<typeof ProductBulkResultSchema>;

export const SkuAvailabilityQuerySchema = z.object({
  sku: productFields.sku,
  /** The piece being edited: its own SKU counts as available. */
  excludeId: z.uuid().optional(),
});
/** `available` is false when any piece holds the SKU, including one in the Trash (the uniqueness covers it). */
export const SkuAvailabilitySchema = z.object({ sku: z.string(), available: z.boolean(), message: z.string() });
export type SkuAvailability = z.infer<typeof SkuAvailabilitySchema>;

/** Comma-separated piece ids ("export selection"); at most 300 so the URL stays within header limits. */
const idListQuery = z
  .string()
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z.array(z.uuid('Every id must be a UUID')).min(1, 'Give at least one id').max(300, 'At most 300 ids; export larger sets by filter'),
  );

/** The list's filters and sort, an optional search `q` (the matches, in the chosen sort) and an optional id list. */
export const ProductExportQuerySchema = ProductFilterQuerySchema.extend({
  sort: sortParam(PRODUCT_SORT_FIELDS, 'createdAt,desc'),
  q: z.string().trim().min(1, 'Enter something to search for').max(100, 'At most 100 characters').optional(),
  ids: idListQuery.optional(),
});
export type ProductExportQuery = z.infer<typeof ProductExportQuerySchema>;

/** The CSV columns, in order: what the export writes and the import reads (header names are case-insensitive). */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'slug',
  'status',
  'categoryId',
  'category',
  'metalType',
  'stoneType',
  'carat',
  'cut',
  'colour',
  'clarity',
  'currency',
  'price',
  'priceMin',
  'priceMax',
  'stockQuantity',
  'isFeatured',
  'vendorId',
  'designerId',
  'description',
  'updatedAt',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

export const PRODUCT_IMPORT_MODES = ['dry-run', 'apply'] as const;
export const ProductImportQuerySchema = z.object({ mode: z.enum(PRODUCT_IMPORT_MODES).default('dry-run') });

export const ProductImportErrorSchema = z.object({
  /** Line of the file where the row starts (the header is line 1). */
  line: z.number().int(),
  /** The row as a spreadsheet numbers it (header = 1); differs from `line` after cells with line breaks. */
  row: z.number().int(),
  /** The column at fault; null for a problem with the whole row. */
  column: z.string().nullable(),
  reason: z.string(),
});
export type ProductImportError = z.infer<typeof ProductImportErrorSchema>;

export const ProductImportReportSchema = z.object({
  mode: z.enum(PRODUCT_IMPORT_MODES),
  /** True once an apply has written every row; false for a dry run and for a refused apply. */
  applied: z.boolean(),
  rows: z.number().int(),
  toCreate: z.number().int(),
  /** Rows whose SKU matches an existing piece (case-insensitive). */
  toUpdate: z.number().int(),
  /** At most the first 500 problems, in file order; `errorCount` counts them all. */
  errors: z.array(ProductImportErrorSchema),
  errorCount: z.number().int(),
});
export type ProductImportReport = z.infer<typeof ProductImportReportSchema>;

/** A refused import (422): the one error shape, plus the report when rows were at fault. */
export const ProductImportFailureSchema = ErrorResponseSchema.extend({ report: ProductImportReportSchema.optional() });
export type ProductImportFailure = z.infer<typeof ProductImportFailureSchema>;

// ---------- Collections ----------
export const CollectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  year: z.number().int(),
  season: CollectionSeasonSchema,
  isFeatured: z.boolean(),
  coverImage: ImageSchema.nullable(),
  productCount: z.number().int(),
  /** The collection's hero piece, when it has one the caller may see. */
  hero: z.object({ productId: z.uuid(), name: z.string(), sku: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
});
export type Collection = z.infer<typeof CollectionSchema>;
export const CollectionPageSchema = pageSchema(CollectionSchema);
export type CollectionPage = z.infer<typeof CollectionPageSchema>;

export const CollectionItemSchema = z.object({ sortOrder: z.number().int(), isHero: z.boolean(), product: ProductSchema });
export type CollectionItem = z.infer<typeof CollectionItemSchema>;
export const CollectionItemPageSchema = pageSchema(CollectionItemSchema);
export type CollectionItemPage = z.infer<typeof CollectionItemPageSchema>;

export const CollectionWithProductsSchema = CollectionSchema.extend({ products: z.array(CollectionItemSchema) });
export type CollectionWithProducts = z.infer<typeof CollectionWithProductsSchema>;
export const CollectionWithProductsPageSchema = pageSchema(CollectionWithProductsSchema);
export type CollectionWithProductsPage = z.infer<typeof CollectionWithProductsPageSchema>;

const YearSchema = z.number().int().min(1900, 'Year looks wrong').max(2200, 'Year looks wrong');

export const CreateCollectionBodySchema = z
  .object({
    name: NameSchema,
    slug: SlugSchema.optional(),
    description: DescriptionSchema.default(''),
    year: YearSchema,
    season: CollectionSeasonSchema,
    isFeatured: z.boolean().default(false),
    coverImage: ImageInputSchema.nullable().optional(),
  })
  .strict();
export type CreateCollectionBody = z.infer<typeof CreateCollectionBodySchema>;

export const UpdateCollectionBodySchema = z
  .object({
    name: NameSchema.optional(),
    slug: SlugSchema.optional(),
    description: DescriptionSchema.optional(),
    year: YearSchema.optional(),
    season: CollectionSeasonSchema.optional(),
    isFeatured: z.boolean().optional(),
    coverImage: ImageInputSchema.nullable().optional(),
  })
  .strict();
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBodySchema>;

export const COLLECTION_SORT_FIELDS = ['name', 'year', 'createdAt', 'updatedAt', 'deletedAt'] as const;
export const CollectionListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(COLLECTION_SORT_FIELDS, 'year,desc'),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  season: CollectionSeasonSchema.optional(),
  featured: booleanQuery.optional(),
  /** ADMIN only: include soft-deleted collections. */
  includeDeleted: booleanQuery.optional(),
  /** ADMIN only (401/403 otherwise): `only` lists soft-deleted collections alone (the Trash). */
  deleted: z.enum(['only']).optional(),
  /** The collections holding this piece (none when the caller may not see the piece). */
  productId: z.uuid().optional(),
});
export type CollectionListQuery = z.infer<typeof CollectionListQuerySchema>;
export const CollectionSearchQuerySchema = CollectionListQuerySchema.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});
export const CollectionWithProductsQuerySchema = CollectionListQuerySchema.extend({
  productsLimit: z.coerce.number().int().min(1).max(50).default(8),
});

export const AddCollectionProductBodySchema = z
  .object({ productId: z.uuid(), sortOrder: z.number().int().min(0).max(100_000).optional(), isHero: z.boolean().default(false) })
  .strict();
export const CollectionSortOrderBodySchema = z
  .object({ sortOrder: z.number().int().min(0, 'Sort order starts at 0').max(100_000) })
  .strict();
export const CollectionFeaturedBodySchema = z.object({ featured: z.boolean() }).strict();
export const CollectionProductParamsSchema = z.object({ id: z.uuid(), productId: z.uuid() });
/** The collection's whole new order, first piece first (drag-and-drop saves with one call). */
export const CollectionProductOrderBodySchema = z
  .object({
    productIds: z
      .array(z.uuid())
      .max(10_000, 'At most 10,000 pieces')
      .refine((ids) => new Set(ids).size === ids.length, 'A piece appears twice'),
  })
  .strict();
export type CollectionProductOrderBody = z.infer<typeof CollectionProductOrderBodySchema>;

export const CollectionFacetsSchema = z.object({
  total: z.number().int(),
  years: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
  seasons: z.array(z.object({ value: CollectionSeasonSchema, count: z.number().int() })),
  featured: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type CollectionFacets = z.infer<typeof CollectionFacetsSchema>;
export const CollectionStatisticsSchema = z.object({
  total: z.number().int(),
  featured: z.number().int(),
  deleted: z.number().int(),
  bySeason: z.record(CollectionSeasonSchema, z.number().int()),
  byYear: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  products: z.number().int(),
  withoutHero: z.number().int(),
});
export type CollectionStatistics = z.infer<typeof CollectionStatisticsSchema>;

// ---------- Taxonomy: categories → components → component-optionals ----------
export const TAXONOMY_SORT_FIELDS = ['name', 'createdAt'] as const;
export const TaxonomyListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(TAXONOMY_SORT_FIELDS, 'name,asc'),
  /** ADMIN only: include deactivated entries. */
  includeInactive: booleanQuery.optional(),
});
export type TaxonomyListQuery = z.infer<typeof TaxonomyListQuerySchema>;
export const TaxonomyNameParamsSchema = z.object({ name: z.string().trim().min(1).max(200) });

const TaxonomyEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
/** Counts are of what the caller may see: ADMIN every piece not deleted and every component; others live pieces and active components. */
export const CategorySchema = TaxonomyEntrySchema.extend({ productCount: z.number().int(), componentCount: z.number().int() });
export type Category = z.infer<typeof CategorySchema>;
export const CategoryPageSchema = pageSchema(CategorySchema);
export type CategoryPage = z.infer<typeof CategoryPageSchema>;
export const CreateCategoryBodySchema = z
  .object({ name: NameSchema, description: DescriptionSchema.nullable().optional(), isActive: z.boolean().default(true) })
  .strict();
export type CreateCategoryBody = z.infer<typeof CreateCategoryBodySchema>;
export const UpdateCategoryBodySchema = z
  .object({ name: NameSchema.optional(), description: DescriptionSchema.nullable().optional(), isActive: z.boolean().optional() })
  .strict();
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBodySchema>;

/** `optionalCount`: ADMIN every optional, others the active ones. */
export const ComponentSchema = TaxonomyEntrySchema.extend({ categoryId: z.uuid(), optionalCount: z.number().int() });
export type Component = z.infer<typeof ComponentSchema>;
export const ComponentPageSchema = pageSchema(ComponentSchema);
export type ComponentPage = z.infer<typeof ComponentPageSchema>;
export const CreateComponentBodySchema = CreateCategoryBodySchema.extend({ categoryId: z.uuid() }).strict();
export type CreateComponentBody = z.infer<typeof CreateComponentBodySchema>;
export const UpdateComponentBodySchema = UpdateCategoryBodySchema.extend({ categoryId: z.uuid().optional() }).strict();
export type UpdateComponentBody = z.infer<typeof UpdateComponentBodySchema>;

/** Added to the piece's price when chosen, in minor units. */
const PriceDeltaSchema = z.number().int().min(-100_000_000).max(100_000_000);
export const ComponentOptionalSchema = TaxonomyEntrySchema.extend({ componentId: z.uuid(), priceDelta: z.number().int() });
export type ComponentOptional = z.infer<typeof ComponentOptionalSchema>;
export const ComponentOptionalPageSchema = pageSchema(ComponentOptionalSchema);
export type ComponentOptionalPage = z.infer<typeof ComponentOptionalPageSchema>;
export const CreateComponentOptionalBodySchema = CreateCategoryBodySchema.extend({
  componentId: z.uuid(),
  priceDelta: PriceDeltaSchema.default(0),
}).strict();
export type CreateComponentOptionalBody = z.infer<typeof CreateComponentOptionalBodySchema>;
export const UpdateComponentOptionalBodySchema = UpdateCategoryBodySchema.extend({
  componentId: z.uuid().optional(),
  priceDelta: PriceDeltaSchema.optional(),
}).strict();
export type UpdateComponentOptionalBody = z.infer<typeof UpdateComponentOptionalBodySchema>;
