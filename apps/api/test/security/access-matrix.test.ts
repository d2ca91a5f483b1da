import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stopAfterAll, type TestApp } from '../helpers';
import {
  CALLERS,
  fillPath,
  jsonBodySchema,
  loadOperations,
  parameters,
  policyAdmits,
  type Caller,
  type JsonSchema,
  type Operation,
} from './openapi';
import { sampleOf } from './samples';
import { BRAND_INBOX, buildSecurityApp, buildWorld, type World } from './world';

// Issue 14: every operation of the OpenAPI document × anonymous and each role, against another party's
// records, with the status each cell must answer kept in access-matrix.txt (reviewable, one line per
// operation). A route without a line fails; so does a line without a route.
// After a deliberate change: UPDATE_ACCESS_MATRIX=1 npx vitest run test/security/access-matrix.test.ts, then read the diff.

const EXPECTATIONS = path.join(import.meta.dirname, 'access-matrix.txt');
/** Routes outside the document on purpose: the document itself and its viewer. */
const UNDOCUMENTED = /^(GET|HEAD) \/api\/(openapi\.json|docs(\/.*)?)$/;

let t: TestApp;
let w: World;
let operations: Operation[];

const stopLater = stopAfterAll();
beforeAll(async () => {
  t = await buildSecurityApp();
  stopLater(() => t.close());
  w = await buildWorld(t);
  ({ operations } = await loadOperations(t));
});

/** Reads first, then creates and changes, deletions last, each by path: what the ADMIN column destroys cannot change an earlier cell. */
function runOrder(a: Operation, b: Operation): number {
  const rank = (m: string) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
  return rank(a.method) - rank(b.method) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
}

/** Path values: another party's records (customer 2, vendor B, designer B), or the house's. */
function pathValue(op: Operation, name: string, schema: JsonSchema): string {
  const p = op.path;
  const c2 = w.customers[1];
  const byName: Record<string, string | undefined> = {
    '*': w.fileKey,
    productId: w.products.bLive.id,
    scheduleId: w.orders.c2.scheduleId,
    username: c2.username,
    email: `${c2.username}@example.com`,
    sku: w.products.bDraft.sku,
    city: w.location.city,
    code: p.startsWith('/api/designers') ? w.designerCodes[1] : w.vendorCodes[1],
    name: p.startsWith('/api/categories')
      ? w.category.name
      : p.startsWith('/api/components')
        ? w.component.name
        : p.startsWith('/api/component-optionals')
          ? w.optional.name
          : p.startsWith('/api/collections')
            ? w.collection.name
            : undefined,
  };
  if (name !== 'id') return byName[name] ?? String(sampleOf(schema));
  const byPrefix: [string, string][] = [
    ['/api/users/', c2.userId],
    ['/api/products/category/', w.category.id],
    ['/api/products/', w.products.bDraft.id],
    ['/api/orders/', w.orders.c2.id],
    ['/api/designers/', w.designerIds[1]],
    ['/api/vendors/', w.vendorIds[1]],
    ['/api/categories/', w.category.id],
    ['/api/components/category/', w.category.id],
    ['/api/components/exists/', w.category.id],
    ['/api/components/', w.component.id],
    ['/api/component-optionals/component/', w.component.id],
    ['/api/component-optionals/exists/', w.component.id],
    ['/api/component-optionals/', w.optional.id],
    ['/api/collections/', w.collection.id],
    ['/api/locations/', w.location.id],
    ['/api/submissions/', w.submissionIds[1]],
    ['/api/notifications/outbox/', w.outboxId],
  ];
  const hit = byPrefix.find(([prefix]) => p.startsWith(prefix));
  if (!hit) throw new Error(`no record for {id} in ${op.key}: add one to pathValue()`);
  return hit[1];
}

/** Body values by property name: the world's records, so a body that passes validation reaches the ownership rules. */
function bodyValue(name: string): unknown {
  const ids: Record<string, string> = {
    productId: w.products.bLive.id,
    categoryId: w.category.id,
    componentId: w.component.id,
    vendorId: w.vendorIds[1],
    designerId: w.designerIds[1],
    username: 'matrix_newcomer',
    email: 'matrix.newcomer@example.com',
    slug: 'matrix-entry',
  };
  return ids[name];
}

/** Bodies the schema alone cannot make valid (cross-field rules, a piece's price, the form's mail type). */
const BODIES: Record<string, () => unknown> = {
  // Vendor A's own vendor id: the vendor may name itself, the house must name a vendor.
  'POST /api/products': () => ({
    name: 'Matrix ring',
    sku: 'MATRIX-1',
    vendorId: w.vendorIds[0],
    categoryId: w.category.id,
    metalType: 'WHITE_GOLD',
    price: 100_000,
  }),
  'POST /api/orders': () => ({ lines: [{ productId: w.products.bLive.id, quantity: 1 }] }),
  'POST /api/notifications/email': () => ({
    emailType: 'CONTACT_MESSAGE',
    recipients: [BRAND_INBOX],
    model: { name: 'Matrix', email: 'matrix@example.com', subject: 'Matrix', message: 'A question about a ring.' },
  }),
  'POST /api/locations': () => ({
    name: 'Mirror Matrix',
    type: 'BOUTIQUE',
    address: 'Graben 1',
    postalCode: '1010',
    city: 'Vienna',
    country: 'Austria',
    countryCode: 'AT',
    latitude: 48.2,
    longitude: 16.37,
    timezone: 'Europe/Vienna',
  }),
  'POST /api/orders/{id}/status': () => ({ status: 'CANCELLED' }),
  'PUT /api/products/{id}': () => ({ name: 'Matrix renamed' }),
  'PUT /api/users/{id}': () => ({ firstName: 'Matrix' }),
  'PUT /api/designers/{id}': () => ({ bio: 'Matrix' }),
  'PUT /api/vendors/{id}': () => ({ description: 'Matrix' }),
  'PUT /api/designers/me': () => ({ bio: 'Matrix' }),
  'PUT /api/products/{id}/stock': () => ({ quantity: 3 }),
};

interface Probe {
  url: string;
  method: string;
  body: unknown;
}

function probeFor(op: Operation): Probe {
  let url = fillPath(op, (name, schema) => pathValue(op, name, schema));
  const query = parameters(op, 'query')
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sampleOf(p.schema, () => undefined, p.name)))}`);
  if (query.length) url += `?${query.join('&')}`;
  const schema = jsonBodySchema(op);
  const body = BODIES[op.key]?.() ?? (schema ? sampleOf(schema, bodyValue) : undefined);
  return { url, method: op.method, body };
}

function tokenOf(caller: Caller): string | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'CUSTOMER':
      return w.customers[0].accessToken;
    case 'VENDOR':
      return w.vendors[0].accessToken;
    case 'DESIGNER':
      return w.designers[0].accessToken;
    case 'ADMIN':
      return w.admin.accessToken;
  }
}

type Row = Record<Caller, number>;

function parseExpectations(): Map<string, Row> {
  const rows = new Map<string, Row>();
  if (!existsSync(EXPECTATIONS)) return rows;
  for (const line of readFileSync(EXPECTATIONS, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const parts = line.trim().split(/\s+/);
    const statuses = parts.slice(2).map(Number);
    if (parts.length !== 2 + CALLERS.length || statuses.some((s) => !Number.isInteger(s)))
      throw new Error(`access-matrix.txt: cannot read "${line}"`);
    rows.set(`${parts[0]} ${parts[1]}`, Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]!])) as Row);
  }
  return rows;
}

function formatExpectations(ordered: Operation[], observed: Map<string, Row>): string {
  const width = Math.max(...ordered.map((o) => o.path.length)) + 1;
  const head = [
    '# Role × operation matrix (issue 14): the status each caller gets for each operation of the OpenAPI document.',
    '# Read by test/security/access-matrix.test.ts; a route without a line here fails it, so does a line without a route.',
    "# Path ids name another party's records: customer 2's account and order, vendor B's draft piece and profile,",
    "# designer B, the house's taxonomy (see pathValue() in the test); bodies are the smallest valid ones.",
    '# Lines run in this order (reads, then writes, deletions last), one request at a time.',
    '# Regenerate after a deliberate change, then review the diff:',
    '#   cd apps/api && UPDATE_ACCESS_MATRIX=1 npx vitest run test/security/access-matrix.test.ts',
    `# ${'method'.padEnd(7)}${'path'.padEnd(width)}${CALLERS.map((c) => c.slice(0, 4).padStart(5)).join('')}`,
  ];
  const lines = ordered.map(
    (o) => `${o.method.padEnd(9)}${o.path.padEnd(width)}${CALLERS.map((c) => String(observed.get(o.key)![c]).padStart(5)).join('')}`,
  );
  return `${[...head, ...lines].join('\n')}\n`;
}

describe('role × operation matrix', () => {
  it('covers the route table: every API route is in the OpenAPI document and the document has no operation without a route', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.route}`));
    const undocumented = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !UNDOCUMENTED.test(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !documented.has(k));
    expect(undocumented).toEqual([]);
    const routed = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(operations.filter((o) => !routed.has(`${o.method} ${o.route}`)).map((o) => o.key)).toEqual([]);
    expect(operations.filter((o) => !o.policy).map((o) => o.key)).toEqual([]);
  });

  it('answers each cell as access-matrix.txt says; no role gets past a policy that excludes it', { timeout: 600_000 }, async () => {
    const ordered = [...operations].sort(runOrder);
    const expected = parseExpectations();
    const observed = new Map<string, Row>();
    const wrong: string[] = [];
    const leaks: string[] = [];
    for (const op of ordered) {
      const probe = probeFor(op);
      const row = {} as Row;
      for (const caller of CALLERS) {
        const res = await t.request(probe.url, {
          method: probe.method,
          token: tokenOf(caller),
          ...(probe.body !== undefined ? { body: probe.body } : {}),
        });
        row[caller] = res.status;
        // Whatever the file says: a policy that shuts a caller out answers 401 (signed out) or 403, and nothing answers 5xx.
        if (!policyAdmits(op.policy, caller) && res.status !== (caller === 'anonymous' ? 401 : 403))
          leaks.push(`${op.key} as ${caller} → ${res.status}`);
        if (res.status >= 500) leaks.push(`${op.key} as ${caller} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      observed.set(op.key, row);
      const want = expected.get(op.key);
      if (!want) wrong.push(`${op.key}: no line in access-matrix.txt (observed ${CALLERS.map((c) => row[c]).join(' ')})`);
      else if (CALLERS.some((c) => want[c] !== row[c]))
        wrong.push(`${op.key}: expected ${CALLERS.map((c) => want[c]).join(' ')}, got ${CALLERS.map((c) => row[c]).join(' ')}`);
    }
    for (const key of expected.keys()) if (!observed.has(key)) wrong.push(`${key}: in access-matrix.txt but not in the OpenAPI document`);

    if (process.env.UPDATE_ACCESS_MATRIX) writeFileSync(EXPECTATIONS, formatExpectations(ordered, observed));
    const cells = observed.size * CALLERS.length;
    console.info(`access matrix: ${observed.size} operations × ${CALLERS.length} callers = ${cells} cells`);
    expect(leaks).toEqual([]);
    if (!process.env.UPDATE_ACCESS_MATRIX) expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThanOrEqual(900);
  });
});
