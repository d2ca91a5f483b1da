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
import { hash } from 'node:crypto';
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

type Fields = { path: string[]; field: unknown }[];
/**
 * Mappers already compiled for a selection of these very fields (a search builds its statement per request, from
 * the same column objects): found by the first field, then checked field by field and path by path.
 */
const byFields = new WeakMap<object, { fields: Fields; mapRow: ((row: unknown[]) => unknown) | null }[]>();

function sameFields(a: Fields, b: Fields): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.field !== y.field || x.path.length !== y.path.length) return false;
    for (let j = 0; j < x.path.length; j++) if (x.path[j] !== y.path[j]) return false;
  }
  return true;
}

function mapperOf(fields: Fields): ((row: unknown[]) => unknown) | null {
  const first = fields[0]?.field;
  if (typeof first !== 'object' || first === null) return compileRowMapper(fields);
  let known = byFields.get(first);
  const hit = known?.find((k) => sameFields(k.fields, fields));
  if (hit) return hit.mapRow;
  const mapRow = compileRowMapper(fields);
  if (!known) byFields.set(first, (known = []));
  if (known.length < 20) known.push({ fields, mapRow });
  return mapRow;
}

/**
 * Gives a drizzle prepared statement the compiled mapper above, when its selection allows it; returns the
 * statement either way.
 */
export function withCompiledRows<T>(statement: T): T {
  const prepared = statement as DrizzlePrepared;
  if (!prepared.fields || prepared.customResultMapper) return statement;
  // A join that may be null makes drizzle null the whole nested object: its bookkeeping is kept.
  if (prepared.joinsNotNullableMap && Object.values(prepared.joinsNotNullableMap).some((notNull) => !notNull)) return statement;
  const mapRow = mapperOf(prepared.fields);
  if (!mapRow) return statement;
  prepared.customResultMapper = (rows) => rows.map(mapRow);
  return statement;
}

/**
 * Runs a select built for this one call (a search: its text depends on how its words group, decisions §29) with the
 * compiled mapping. Named by its text: a connection that has run the same text before skips parsing it, and
 * PostgreSQL keeps its plans as for any prepared statement (decisions §113: the words are parameters and the
 * strategy — walk the date index or probe the GIN index — is chosen by the text, so a plan cannot pick the wrong one).
 * Distinct texts are bounded by the shapes a search can take (which filters, how many words name a category or a
 * collection), not by the words.
 */
export function executeCompiled<T>(
  query: { prepare: (name: string) => { execute: (params?: Record<string, unknown>) => Promise<T> } },
  params: Record<string, unknown> = {},
): Promise<T> {
  // Prepared without a name first (the SQL is built once, here), then named by the text it holds: node-postgres
  // reads the name from the statement's query configs when it executes; PGlite has no named statements.
  const statement = query.prepare(undefined as unknown as string) as ReturnType<typeof query.prepare> & DrizzleNamed;
  if (typeof statement.queryString === 'string') {
    const name = `t_${hash('sha1', statement.queryString, 'hex').slice(0, 24)}`;
    if (statement.queryConfig && 'name' in statement.queryConfig) statement.queryConfig.name = name;
    if (statement.rawQueryConfig && 'name' in statement.rawQueryConfig) statement.rawQueryConfig.name = name;
  }
  return withCompiledRows(statement).execute(params);
}

/** What drizzle's node-postgres prepared query holds besides `DrizzlePrepared` (internal, as above). */
interface DrizzleNamed {
  queryString?: string;
  queryConfig?: { name?: string };
  rawQueryConfig?: { name?: string };
}
