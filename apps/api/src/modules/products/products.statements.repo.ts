/**
 * What every products query shares (products.repo.ts composes them): who reads (`ProductViewer`), what they ask
 * for (`ProductFilter`, `ProductSort`), the columns a read returns, which rows a viewer may see, and the prepared
 * statements: values bound as placeholders, a query's shape key, the per-repo statement cache.
 */
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Availability, MetalType, ProductStatus } from '@mirror/contract';
import type { SearchPlan } from './products.search';
import { products, type ProductRow } from '../../db/schema/index';
import { genericPlanClientOf, onGenericPlans } from '../../db/client';
import { executeCompiled, withCompiledRows } from '../../db/row-mapper';

/** Who is reading: admins see everything, a vendor also sees its own drafts, everyone else live pieces only. */
export interface ProductViewer {
  isAdmin: boolean;
  vendorId: string | null;
  /** A vendor's back-office: its own pieces alone (every status), nobody else's live ones. */
  isOwnOnly?: boolean;
}

export interface ProductFilter {
  categoryId?: string | undefined;
  metalType?: MetalType | undefined;
  vendorId?: string | undefined;
  designerId?: string | undefined;
  collectionId?: string | undefined;
  featured?: boolean | undefined;
  availability?: Availability | undefined;
  /** Stock strictly above zero. */
  available?: boolean | undefined;
  lowStock?: boolean | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  status?: ProductStatus | undefined;
  /** Gemstone type, case-insensitive exact. */
  stone?: string | undefined;
  /** Gemstone cut, case-insensitive exact. */
  cut?: string | undefined;
  includeDeleted?: boolean | undefined;
  /** ADMIN only: soft-deleted pieces alone (the Trash); wins over `includeDeleted`. */
  deletedOnly?: boolean | undefined;
  /** VENDOR only: narrows the viewer to the caller's own pieces (the service turns it into `isOwnOnly`). */
  mine?: boolean | undefined;
  /** These pieces only (an export of a selection). */
  ids?: string[] | undefined;
  /** A search: rows matching every word of this plan (built by the service from safe words only). */
  matches?: SearchPlan | undefined;
}

export type ProductSortField = 'name' | 'price' | 'createdAt' | 'updatedAt' | 'stock' | 'sku';
export interface ProductSort {
  field: ProductSortField;
  direction: 'asc' | 'desc';
}

export const SORT_COLUMNS = {
  name: { column: products.name, cast: sql`text` },
  price: { column: products.sortPrice, cast: sql`integer` },
  createdAt: { column: products.createdAt, cast: sql`timestamptz` },
  updatedAt: { column: products.updatedAt, cast: sql`timestamptz` },
  stock: { column: products.stockQuantity, cast: sql`integer` },
  sku: { column: products.sku, cast: sql`text` },
} as const;

/** Every column a reader needs: the search vector (the largest column) stays in the database. */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);
export { productColumns };
/** A product as reads return it. */
export type ProductReadRow = Omit<ProductRow, 'searchVector'>;

/** The WHERE of a viewer and a filter (`createProductsRepo`), handed to the query groups that filter like the list. */
export type ProductWhere = (viewer: ProductViewer, filter: ProductFilter) => SQL | undefined;

/**
 * Binds a value into a query: as itself (a one-off query) or as a named placeholder whose value is collected
 * in `params` (a prepared statement reused across calls with the same shape).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const inline: Bind = (_name, value) => value;
export function collecting(params: Record<string, unknown>): Bind {
  return (name, value) => {
    params[name] = value;
    return sql.placeholder(name);
  };
}

/** A short, stable statement name for a query shape (PostgreSQL names are limited to 63 bytes). */
function statementName(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

/**
 * A value written into a statement's text rather than bound (decision 0134): a member of a closed set (a status, a
 * metal: an enum's values), a boolean, or a whole number the server chose (a stock threshold, a page size). The
 * planner then knows it — a partial index's predicate, how common a status is — even in a generic plan; the
 * statement's key must name it. Anything else is refused, so no visitor's text ever reaches SQL this way.
 */
export function literal(value: string | boolean | number, allowed?: readonly string[]): SQL {
  if (typeof value === 'boolean') return sql.raw(value ? 'true' : 'false');
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return sql.raw(String(value));
  }
  if (!allowed?.includes(value) || !/^[A-Z_]+$/.test(value)) throw new Error(`not one of the allowed values: ${value}`);
  return sql.raw(`'${value}'`);
}

export function visibility(viewer: ProductViewer, includeDeleted: boolean | 'only', bind: Bind = inline): SQL | undefined {
  if (viewer.isAdmin)
    return includeDeleted === 'only' ? isNotNull(products.deletedAt) : includeDeleted ? undefined : isNull(products.deletedAt);
  if (viewer.isOwnOnly && viewer.vendorId)
    return and(isNull(products.deletedAt), eq(products.vendorId, bind('viewerVendorId', viewer.vendorId)));
  const live = sql`${products.status} = 'ACTIVE'`;
  return and(isNull(products.deletedAt), viewer.vendorId ? or(live, eq(products.vendorId, bind('viewerVendorId', viewer.vendorId))) : live);
}

export function deletedMode(viewer: ProductViewer, filter: ProductFilter): boolean | 'only' {
  if (!viewer.isAdmin) return false;
  return filter.deletedOnly ? 'only' : !!filter.includeDeleted;
}

/** What decides a query's text (never the values): the viewer's kind and which conditions `buildWhere` adds. */
export function shapeKey(viewer: ProductViewer, filter: ProductFilter): string {
  const deleted = deletedMode(viewer, filter);
  const reader = viewer.isAdmin
    ? deleted === 'only'
      ? 'admin+trash'
      : deleted
        ? 'admin+deleted'
        : 'admin'
    : viewer.vendorId
      ? viewer.isOwnOnly
        ? 'vendor-own'
        : 'vendor'
      : 'public';
  return [reader, ...filterShape(filter)].join(',');
}

/** The conditions a filter adds beyond who reads (none: the whole list the viewer may see), as `shapeKey` names them. */
export function filterShape(filter: ProductFilter): string[] {
  return [
    ...(['categoryId', 'vendorId', 'designerId', 'collectionId', 'stone', 'cut', 'ids', 'matches'] as const).filter((k) => filter[k]),
    // Written into the text (`literal`): the value is part of the shape.
    filter.metalType ? `metalType=${filter.metalType}` : '',
    filter.status ? `status=${filter.status}` : '',
    filter.featured !== undefined ? `featured=${filter.featured}` : '',
    filter.availability ? `availability=${filter.availability}` : '',
    filter.available ? 'available' : '',
    filter.lowStock ? 'lowStock' : '',
    filter.minPrice !== undefined ? 'minPrice' : '',
    filter.maxPrice !== undefined ? 'maxPrice' : '',
  ].filter(Boolean);
}

/** Whether a reused statement's key is checked against the text it stands for (tests and development; decisions §113). */
const CHECK_KEYS = process.env.NODE_ENV !== 'production';

/**
 * Prepared statements per query shape: the SQL is built once, PostgreSQL parses and plans it once per
 * connection, and each call only sends values. Shapes are few (viewer kind × which filters × sort × page
 * mode), and the cache is bounded all the same.
 *
 * A statement PostgreSQL must plan for each call's values (a search with few matches: a plan kept across words
 * intersects them with the whole catalogue, decisions §114) is sent unnamed, so PostgreSQL plans it at each call
 * with its values: `reuse = 'unnamed'` still builds its text once per shape here (building and compiling the query
 * with drizzle cost more of the API's time than the rest of such a request, decisions §117) — its key must then
 * name everything its text depends on, and every value must be bound (`collecting`), none inline; `reuse = false`
 * builds it for each call (a query with values written inline).
 *
 * A named statement is planned once only if PostgreSQL's generic plan looks no dearer than one made for the values,
 * which a paged statement's never does (its LIMIT and OFFSET are parameters): planned again at every call (decision
 * 0133). `reuse = 'generic'` — a statement whose plan is the same for any values — runs it on the sessions that always
 * use the generic plan (`onGenericPlans`), planned once per session; `reuse = true` leaves the choice to PostgreSQL
 * (a count, whose best plan depends on how common its filter's values are). `boundedQuery` runs a statement there
 * only once PostgreSQL's generic plan for it is known to read no more than its values select (decision 0134).
 */
export function preparedStatements(db?: unknown) {
  type Statement = { execute: (params: Record<string, unknown>) => Promise<unknown>; queryString?: string };
  type Built<T> = {
    prepare: (name: string) => { execute: (params?: Record<string, unknown>) => Promise<T> };
    execute: (params?: Record<string, unknown>) => Promise<T>;
    toSQL: () => { sql: string };
  };
  const prepared = new Map<string, Statement>();
  const unnamed = new Map<string, Statement>();
  const generic = new Map<string, Statement>();
  /** The statement of `key` in `cache`, prepared (as `kind` says) the first time it is asked for. */
  function statementOf<T>(cache: Map<string, Statement>, key: string, build: () => Built<T>, kind: true | 'unnamed' | 'generic') {
    let statement = cache.get(key);
    if (!statement) {
      if (cache.size >= 500) cache.delete(cache.keys().next().value!);
      // Its rows mapped by a function compiled once for the statement (decisions §113). drizzle sends a statement
      // prepared without a name as PostgreSQL's unnamed statement: parsed and planned with its values at each call.
      const name = kind === true ? statementName('p', key) : kind === 'generic' ? statementName('g', key) : undefined;
      statement = withCompiledRows(build().prepare(name ?? (undefined as unknown as string)));
      // Run on the generic-plan sessions (decision 0133): planned once per session, for any values.
      if (kind === 'generic') statement = onGenericPlans(statement);
      cache.set(key, statement);
    } else if (CHECK_KEYS) {
      // Outside production every reuse proves its key: the text built now is the text prepared then.
      const text = statement.queryString;
      const now = build().toSQL().sql;
      if (text !== undefined && text !== now) throw new Error(`prepared statement key ${key} stands for two texts:\n${text}\n${now}`);
    }
    const cached = statement;
    return (params: Record<string, unknown>) => cached.execute(params) as Promise<T>;
  }
  function preparedQuery<T>(key: string, build: () => Built<T>, reuse: boolean | 'unnamed' | 'generic' = true) {
    if (reuse === false) return (params: Record<string, unknown>) => executeCompiled(build(), params);
    return statementOf(reuse === true ? prepared : reuse === 'generic' ? generic : unnamed, key, build, reuse);
  }
  // The generic-plan sessions beside this handle's pool, found once: none in a transaction (its handle has no
  // `$client`, and its reads must stay on its own connection) nor on PGlite. A replica's pool maps to the same sessions.
  const planClient = genericPlanClientOf(db !== undefined && db !== null ? Reflect.get(db, '$client') : undefined);
  // What PostgreSQL said of each candidate's generic plan (decision 0134), by key: known ones only.
  const verdicts = new Map<string, boolean>();
  /**
   * A statement run on the generic-plan sessions only if its generic plan is bounded (db/bounded-plan.ts, decision
   * 0134): the statement of `key` there once PostgreSQL has said so, otherwise undefined (the caller runs its
   * statement planned per call, with its LIMIT a parameter). Its text has the LIMIT and the closed-set values
   * (`literal`) written in, and `key` names them; every other value is a parameter.
   */
  function boundedQuery<T>(key: string, build: () => Built<T>) {
    if (generic.has(key)) return statementOf(generic, key, build, 'generic');
    if (!planClient || verdicts.get(key) === false) return undefined;
    const verdict = planClient.isBounded(build().toSQL().sql);
    if (verdict !== undefined) verdicts.set(key, verdict);
    if (verdicts.size >= 2000) verdicts.clear();
    return verdict ? statementOf(generic, key, build, 'generic') : undefined;
  }
  return { preparedQuery, boundedQuery };
}

/** A long list in slices of `size`: one statement per slice. */
export function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
