/**
 * Rows of a prepared statement, mapped by a function built once per statement (decisions §113).
 *
 * Drizzle maps every row of every result generically: for each column of each row it asks what kind of
 * field it is (`is(field, Column)`, a prototype walk for anything that is not a column), walks the
 * selection's path with an iterator and builds the object key by key through `reduce`. On a 20-row page
 * of 25 columns that is 500 such steps per request — measured at ~75 µs of the ~700 µs an admin list
 * request costs the API process, the largest single item after the socket writes.
 *
 * The answer never changes for a statement: its fields, their decoders and their paths are fixed when it
 * is prepared. So the mapping is compiled once into a plain function (one object literal per row, the
 * decoders called only where a column has one) and handed to drizzle as the statement's result mapper,
 * which both drivers (node-postgres and PGlite) call with the rows in array mode instead of their own
 * mapping. The result is the same object, key for key and value for value (`row-mapper.test.ts` holds
 * it to drizzle's own mapping).
 *
 * Only selections drizzle maps without join bookkeeping are compiled: one table, or joins that can never
 * turn a whole nested object into null. Anything else keeps drizzle's mapping.
 */
import { Column, is, noopDecoder, SQL } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's prepared query (node-postgres or PGlite) holds; internal to drizzle, stable across 0.3x–0.45. */
interface DrizzlePrepared {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** Decoders that return the driver's value unchanged: a plain column's, and an untyped `sql` fragment's. */
const IDENTITY = new Set<unknown>([Reflect.get(Column.prototype, 'mapFromDriverValue'), Reflect.get(noopDecoder, 'mapFromDriverValue')]);

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // `decoder` is internal to drizzle's types; it is what drizzle's own mapping reads.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}

/** A row (values in column order) → the selection's object, or null when a field is of a kind not compiled here. */
export function compileRowMapper(fields: { path: string[]; field: unknown }[]): ((row: unknown[]) => unknown) | null {
  const decoders: Decoder[] = [];
  // The object literal, nested as the paths are; each leaf is the expression reading its column.
  interface Node {
    [key: string]: Node | string;
  }
  const tree: Node = {};
  for (const [index, { path, field }] of fields.entries()) {
    const decoder = decoderOf(field);
    if (!decoder || path.length === 0) return null;
    let expression = `r[${index}]`;
    if (!IDENTITY.has(Reflect.get(decoder, 'mapFromDriverValue'))) {
      decoders.push(decoder);
      expression = `(r[${index}] === null ? null : d[${decoders.length - 1}].mapFromDriverValue(r[${index}]))`;
    }
    let node = tree;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next === 'string') return null;
      node = next ?? (node[key] = {});
    }
    const leaf = path[path.length - 1]!;
    if (leaf in node) return null;
    node[leaf] = expression;
  }
  const literal = (node: Node): string =>
    `{${Object.entries(node)
      .map(([key, value]) => `${JSON.stringify(key)}: ${typeof value === 'string' ? value : literal(value)}`)
      .join(', ')}}`;
  // Keys are the selection's own names (JSON-quoted), expressions only index the row: nothing from the data is compiled.
  const source = `return function mapRow(r) { return ${literal(tree)}; };`;
  let factory = factories.get(source);
  if (!factory) {
    if (factories.size >= 200) factories.delete(factories.keys().next().value!);
    // The source names only the selection's keys (JSON-quoted) and indexes the row: no value reaches it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    factory = new Function('d', source) as RowMapperFactory;
    factories.set(source, factory);
  }
  return factory(decoders);
}

type RowMapperFactory = (d: Decoder[]) => (row: unknown[]) => unknown;
/** Compiled once per shape of selection (keys and where decoders sit): statements built per request reuse them. */
const factories = new Map<string, RowMapperFactory>();

/**
 * Gives a drizzle prepared statement the compiled mapper above, when its selection allows it; returns the
 * statement either way.
 */
export function withCompiledRows<T>(statement: T): T {
  const prepared = statement as DrizzlePrepared;
  if (!prepared.fields || prepared.customResultMapper) return statement;
  // A join that may be null makes drizzle null the whole nested object: its bookkeeping is kept.
  if (prepared.joinsNotNullableMap && Object.values(prepared.joinsNotNullableMap).some((notNull) => !notNull)) return statement;
  const mapRow = compileRowMapper(prepared.fields);
  if (!mapRow) return statement;
  prepared.customResultMapper = (rows) => rows.map(mapRow);
  return statement;
}

/**
 * Runs a select built for this one call with the compiled mapping, as an unnamed statement: planned with its values
 * each time. For a list narrowed by a search (`filter.matches`): its plan depends on how many rows the words match,
 * which a plan kept across words cannot know (decisions §29); the search's own pages are prepared per shape instead
 * (products.search.repo.ts, decisions §113), their strategy written into the text.
 */
export function executeCompiled<T>(
  query: { prepare: (name: string) => { execute: (params?: Record<string, unknown>) => Promise<T> } },
  params: Record<string, unknown> = {},
): Promise<T> {
  // drizzle's own `execute()` prepares the same way, without a name (`_prepare()`).
  return withCompiledRows(query.prepare(undefined as unknown as string)).execute(params);
}
