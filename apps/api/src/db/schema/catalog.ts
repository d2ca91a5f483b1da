import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COLLECTION_SEASONS, METAL_TYPES, PRODUCT_STATUSES, VENDOR_TYPES } from '@mirror/contract';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const metalType = pgEnum('metal_type', METAL_TYPES);
export const productStatus = pgEnum('product_status', PRODUCT_STATUSES);
export const collectionSeason = pgEnum('collection_season', COLLECTION_SEASONS);
export const vendorType = pgEnum('vendor_type', VENDOR_TYPES);

/** One stored image: the same picture at several widths (file keys from the storage layer). */
export interface StoredImage {
  variant: string;
  alt: string;
  sources: { key: string; width: number; height: number }[];
  /**
   * A studio photograph's generator (@mirror/imagery `generatorFingerprint`) as it was drawn; absent on uploads and
   * on images a client saved (the API never takes it from a request): see apps/api/src/db/studio-refresh.ts.
   */
  generator?: string;
}

/** Ateliers and suppliers. `userId` is the owning account: a VENDOR user manages that vendor's products. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    country: text('country').notNull(),
    type: vendorType('type').notNull(),
    email: text('email'),
    description: text('description'),
    website: text('website'),
    /** Storage key of the logo (files API). */
    logoKey: text('logo_key'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('vendors_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('vendors_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('vendors_country_idx').on(t.country),
    index('vendors_type_idx').on(t.type),
    index('vendors_created_idx').on(t.createdAt, t.id),
  ],
);

export const designers = pgTable(
  'designers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    displayName: text('display_name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    specialty: text('specialty').notNull(),
    bio: text('bio'),
    email: text('email'),
    website: text('website'),
    /** ISO 3166 alpha-2, like vendors. */
    country: text('country'),
    /** Storage key of the portrait (files API). */
    avatarKey: text('avatar_key'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('designers_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('designers_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('designers_specialty_idx').on(t.specialty),
    index('designers_created_idx').on(t.createdAt, t.id),
  ],
);

/** Configurator taxonomy: category → component → component-optional. Names are unique within their parent. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_name_uq').on(sql`lower(${t.name})`), index('categories_sort_idx').on(t.name, t.id)],
);

export const components = pgTable(
  'components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('components_name_uq').on(t.categoryId, sql`lower(${t.name})`),
    index('components_name_idx').on(sql`lower(${t.name})`),
    index('components_sort_idx').on(t.name, t.id),
  ],
);

export const componentOptionals = pgTable(
  'component_optionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Added to the piece's price when chosen, in minor units of the piece's currency. */
    priceDelta: integer('price_delta').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('component_optionals_name_uq').on(t.componentId, sql`lower(${t.name})`),
    index('component_optionals_name_idx').on(sql`lower(${t.name})`),
    index('component_optionals_sort_idx').on(t.name, t.id),
  ],
);

const METAL_WORDS = `CASE metal WHEN 'YELLOW_GOLD' THEN 'yellow gold' WHEN 'WHITE_GOLD' THEN 'white gold' WHEN 'ROSE_GOLD' THEN 'rose gold' WHEN 'PLATINUM' THEN 'platinum' ELSE 'silver' END`;

/**
 * Accent and case folding inside the database: `translate` is immutable (a generated column may use it) and the
 * same on every server; the API folds query words with the same table (`products.search.ts`).
 */
export const FOLD_FROM = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
export const FOLD_TO = 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy';
const fold = (expression: string) => `translate(lower(${expression}), '${FOLD_FROM}', '${FOLD_TO}')`;

/**
 * Search attributes by weight (decisions §78): A the name, B the stone, C SKU, cut, colour
 * and metal, D the description. Accents folded ("eclat" finds "Éclat"); 'simple': no stemming, same on every server.
 */
const SEARCH_VECTOR: SQL = sql.raw(
  `setweight(to_tsvector('simple', ${fold('name')}), 'A') || setweight(to_tsvector('simple', ${fold("coalesce(gemstone_type, '')")}), 'B') || setweight(to_tsvector('simple', ${fold(`sku || ' ' || coalesce(gemstone_cut, '') || ' ' || coalesce(gemstone_colour, '') || ' ' || ${METAL_WORDS}`)}), 'C') || setweight(to_tsvector('simple', ${fold('description')}), 'D')`,
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    sku: text('sku').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    designerId: uuid('designer_id').references(() => designers.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    metal: metalType('metal').notNull(),
    gemstoneType: text('gemstone_type'),
    /** Carat weight in points (1 ct = 100 points), so it stays an integer. */
    gemstoneCaratPoints: integer('gemstone_carat_points'),
    gemstoneCut: text('gemstone_cut'),
    gemstoneColour: text('gemstone_colour'),
    gemstoneClarity: text('gemstone_clarity'),
    /** Fixed price in minor units; null for price-on-request pieces, which carry a range instead. */
    price: integer('price'),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
    currency: text('currency').notNull().default('EUR'),
    /** "From" price used for sorting and price filters: the fixed price, else the bottom of the range. */
    sortPrice: integer('sort_price').generatedAlwaysAs(sql`coalesce(price, price_min)`),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    status: productStatus('status').notNull().default('DRAFT'),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(SEARCH_VECTOR),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => {
    // Storefront reads only see live pieces: partial indexes keep them small and let keyset pages walk them.
    const live = sql`${t.status} = 'ACTIVE' and ${t.deletedAt} is null`;
    const adminFilterKeys = [t.status, t.stockQuantity, t.deletedAt] as const;
    const storefrontFilterKeys = [t.metal, t.stockQuantity] as const;
    return [
      uniqueIndex('products_sku_uq').on(sql`upper(${t.sku})`),
      uniqueIndex('products_slug_uq').on(t.slug),
      check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
      check('products_price_nonnegative', sql`${t.price} >= 0 and ${t.priceMin} >= 0 and ${t.priceMax} >= ${t.priceMin}`),
      check('products_has_price', sql`${t.price} is not null or (${t.priceMin} is not null and ${t.priceMax} is not null)`),
      // Back-office (every status). Each sort index ends with the columns of the back-office's commonest filters
      // (status, stock state, live vs Trash) as trailing keys: a filtered, sorted page checks them in the index and
      // fetches only the rows it returns (drafts by price: 27 buffers, not 261), whatever the sort (decisions,
      // admin list shapes). Every product write changes `updated_at`, so no update is HOT: the wider keys cost
      // writes nothing more than the indexes already did.
      index('products_created_idx').on(t.createdAt, t.id, ...adminFilterKeys),
      index('products_name_idx').on(t.name, t.id, ...adminFilterKeys),
      index('products_price_idx').on(t.sortPrice, t.id, ...adminFilterKeys),
      index('products_stock_idx').on(t.stockQuantity, t.id, t.status, t.deletedAt),
      index('products_vendor_idx').on(t.vendorId, t.createdAt, t.id),
      index('products_category_idx').on(t.categoryId, t.createdAt, t.id),
      index('products_designer_idx').on(t.designerId, t.createdAt, t.id),
      index('products_status_idx').on(t.status, t.createdAt, t.id),
      index('products_updated_idx').on(t.updatedAt, t.id, ...adminFilterKeys),
      // The back-office's commonest view: one category, recently edited first (stock state filters walk it).
      index('products_category_updated_idx').on(t.categoryId, t.updatedAt, t.id, ...adminFilterKeys),
      index('products_sku_sort_idx').on(t.sku, t.id, ...adminFilterKeys),
      // The stone filter is case-insensitive exact: `lower(gemstone_type) = lower($1)`.
      index('products_stone_idx').on(sql`lower(${t.gemstoneType})`, t.createdAt, t.id),
      // One stone by price (the storefront's "Sapphire, lowest first", the back-office's stone + status by price): the
      // stone's pieces walked in price order with status, stock and Trash checked in the index — without it the
      // live-by-price index was walked past every other stone (166 buffers for 20 sapphires, 100k pieces).
      index('products_stone_price_idx').on(sql`lower(${t.gemstoneType})`, t.sortPrice, t.id, ...adminFilterKeys),
      // The cut filter, the same way: `lower(gemstone_cut) = lower($1)`.
      index('products_cut_idx').on(sql`lower(${t.gemstoneCut})`, t.createdAt, t.id),
      // The Trash (soft-deleted pieces, most recently deleted first): a few rows, walked without the live ones; its
      // count reads this index alone too (it replaced products_deleted_idx, same predicate).
      index('products_trash_idx')
        .on(t.updatedAt, t.id)
        .where(sql`${t.deletedAt} is not null`),
      // Storefront.
      index('products_live_created_idx').on(t.createdAt, t.id).where(live),
      index('products_live_name_idx').on(t.name, t.id).where(live),
      index('products_live_price_idx').on(t.sortPrice, t.id).where(live),
      index('products_live_stock_idx').on(t.stockQuantity, t.id).where(live),
      // One category, newest or by price — the storefront's commonest filtered views. The metal and the stock (the
      // filters a visitor adds next: "white gold, in stock") are trailing keys, checked in the index: a page fetches the
      // rows it returns instead of every piece of the category until twenty match (as adminFilterKeys above).
      index('products_live_category_idx')
        .on(t.categoryId, t.createdAt, t.id, ...storefrontFilterKeys)
        .where(live),
      index('products_live_category_price_idx')
        .on(t.categoryId, t.sortPrice, t.id, ...storefrontFilterKeys)
        .where(live),
      index('products_live_metal_idx').on(t.metal, t.createdAt, t.id).where(live),
      index('products_live_vendor_idx').on(t.vendorId, t.createdAt, t.id).where(live),
      index('products_live_featured_idx')
        .on(t.createdAt, t.id)
        .where(sql`${live} and ${t.isFeatured}`),
      // Facets and statistics read these columns only: an index-only scan instead of the heap.
      index('products_facets_idx')
        .on(
          t.status,
          t.categoryId,
          t.metal,
          t.vendorId,
          t.designerId,
          t.isFeatured,
          t.stockQuantity,
          t.sortPrice,
          t.price,
          t.currency,
          t.gemstoneType,
          t.gemstoneCut,
        )
        .where(sql`${t.deletedAt} is null`),
      index('products_search_idx').using('gin', t.searchVector),
    ];
  },
);

/** Every distinct word of the product search vectors: the typo-tolerant search corrects query words against it. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    year: integer('year').notNull(),
    season: collectionSeason('season').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    coverImage: jsonb('cover_image').$type<StoredImage | null>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('collections_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('collections_slug_uq').on(t.slug),
    index('collections_created_idx').on(t.createdAt, t.id),
    index('collections_name_idx').on(t.name, t.id),
    index('collections_year_idx').on(t.year, t.season),
    index('collections_featured_idx').on(t.isFeatured, t.createdAt),
    index('collections_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
    isHero: boolean('is_hero').notNull().default(false),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_order_idx').on(t.collectionId, t.sortOrder, t.productId),
    index('collection_products_product_idx').on(t.productId),
    // At most one hero per collection, enforced by the database.
    uniqueIndex('collection_products_hero_uq')
      .on(t.collectionId)
      .where(sql`${t.isHero}`),
  ],
);

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendorRow = typeof vendors.$inferInsert;
export type DesignerRow = typeof designers.$inferSelect;
export type NewDesignerRow = typeof designers.$inferInsert;
export type CategoryRow = typeof categories.$inferSelect;
export type ComponentRow = typeof components.$inferSelect;
export type ComponentOptionalRow = typeof componentOptionals.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type CollectionRow = typeof collections.$inferSelect;
export type NewCollectionRow = typeof collections.$inferInsert;
export type CollectionProductRow = typeof collectionProducts.$inferSelect;
