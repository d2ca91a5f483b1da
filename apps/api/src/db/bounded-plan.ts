/**
 * Whether a statement's generic plan is safe for every value of its parameters (decision 0134).
 *
 * A generic plan is made without the values: PostgreSQL assumes each parameter as common as the average value of its
 * column. For a filtered page that is often the right plan, and often a disaster: at 1M pieces the generic plan of
 * "one category, newest first" walked the newest-first index and checked each row's category in the heap (good for a
 * category of 130,000 pieces; 1.15 s and 890,000 buffers for a category with none), where the plan made for the value
 * reads the category's own index. What makes a generic plan safe is its shape, not its cost: a LIMIT over one index
 * scan, no sort, every parameter either pinned by equality on the index's leading keys or bounding the key right after
 * them (the sort column: a keyset cursor, a price range). Such a scan reads the matching entries in order and stops at
 * the LIMIT, whatever the values; a scan that checks a parameter anywhere else may read the whole index first.
 */

/** The parts of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan node this reads. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const PARAMETER = /\$\d+/;

/**
 * Walks `text` outside its quoted literals, calling `visit` with each index and the parenthesis depth there (before a
 * parenthesis at that index counts); `visit` returns how many characters to skip. The depth at the end, or -1 as soon
 * as a parenthesis closes none.
 */
function walk(text: string, visit: (i: number, depth: number) => number = () => 0): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return -1;
    else i += visit(i, depth);
  }
  return depth;
}

/** Splits `text` at `separator` where it is outside parentheses and quotes. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  walk(text, (i, depth) => {
    if (depth !== 0 || !text.startsWith(separator, i)) return 0;
    parts.push(text.slice(start, i));
    start = i + separator.length;
    return separator.length - 1;
  });
  parts.push(text.slice(start));
  return parts;
}

/** `(x)` → `x`, as long as the outer parentheses enclose the whole text. */
function unwrap(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && walk(t.slice(1, -1)) === 0) t = t.slice(1, -1).trim();
  return t;
}

/** One condition of an index scan: `left op right`, or null for a shape this does not read (then not bounded). */
interface Condition {
  left: string;
  op: string;
  right: string;
}
const OPERATORS = [' >= ', ' <= ', ' = ', ' > ', ' < '] as const;

function parseCondition(text: string): Condition | null {
  const body = unwrap(text);
  for (const op of OPERATORS) {
    const sides = splitTopLevel(body, op);
    if (sides.length === 2) return { left: unwrap(sides[0]!), op: op.trim(), right: unwrap(sides[1]!) };
  }
  return null;
}

/** The conjuncts of an index condition (`((a = $1) AND (b > 0))`). */
export function conditionsOf(indexCond: string): string[] {
  return splitTopLevel(unwrap(indexCond), ' AND ').map((c) => c.trim());
}

/** `ROW(sort_price, id)` → `sort_price`; a plain expression as it is. */
function leadingColumn(expression: string): string {
  const row = /^ROW\((.*)\)$/s.exec(expression);
  return row ? unwrap(splitTopLevel(row[1]!, ',')[0]!) : expression;
}

/**
 * True when `plan` (the root of a generic plan) reads at most the entries its values select, in order: a Limit over
 * one Index Scan or Index Only Scan; no parameter in a filter; every parameter of the index condition either equal to
 * one of the index's leading keys (each of which is pinned by an equality) or bounding the first key after them.
 * `keysOf` gives an index's key expressions as `pg_get_indexdef(index, k, true)` prints them.
 */
export function isBoundedPlan(plan: PlanNode, keysOf: (index: string) => string[] | undefined): boolean {
  if (plan['Node Type'] !== 'Limit' || plan.Plans?.length !== 1) return false;
  const scan = plan.Plans[0]!;
  if (scan['Node Type'] !== 'Index Scan' && scan['Node Type'] !== 'Index Only Scan') return false;
  if (scan.Plans?.length) return false;
  if (scan.Filter !== undefined && PARAMETER.test(scan.Filter)) return false;
  const keys = scan['Index Name'] ? keysOf(scan['Index Name']) : undefined;
  if (!keys) return false;
  const conditions: Condition[] = [];
  for (const text of scan['Index Cond'] ? conditionsOf(scan['Index Cond']) : []) {
    const condition = parseCondition(text);
    if (!condition) {
      if (PARAMETER.test(text)) return false;
      continue;
    }
    conditions.push(condition);
  }
  // An equality pins its key; `= ANY (…)` is a set of values, not one, and pins nothing.
  const pins = (c: Condition) => c.op === '=' && !/^ANY\b/.test(c.right);
  const pinned = new Set(conditions.filter(pins).map((c) => c.left));
  let prefix = 0;
  while (prefix < keys.length && pinned.has(keys[prefix]!)) prefix++;
  const leading = new Set(keys.slice(0, prefix));
  return conditions.every((c) => {
    if (!PARAMETER.test(c.left) && !PARAMETER.test(c.right)) return true;
    if (PARAMETER.test(c.left)) return false;
    // A parameter pins one of the leading keys, or bounds (a range, a keyset cursor) the key right after them.
    return pins(c) ? leading.has(c.left) : c.op !== '=' && leadingColumn(c.left) === keys[prefix];
  });
}
