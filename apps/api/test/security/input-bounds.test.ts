import { randomUUID } from 'node:crypto';
import { INT4_MAX, NUL_CHARACTER_MESSAGE, type Role, type ErrorResponse } from '@mirror/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorShape,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type Session,
  stopAfterAll,
  type TestApp,
} from '../helpers';

// Issue 14: input the database cannot take must answer 400 from the contract, never 500 from PostgreSQL.

const NUL = 'a\u0000b';
// Integer query parameters bound for `bigint` columns (order totals); every other one is int4 or narrower.
const BIGINT_QUERY_PARAMS = new Set(['minTotal', 'maxTotal']);
// Amounts of an email's order summary: copied from bigint order columns into the outbox's JSON, never an int4 column.
const BIGINT_BODY_FIELDS = new Set([
  'POST /api/notifications/email model.items[].unitPrice',
  'POST /api/notifications/email model.total',
  'POST /api/notifications/email model.amount',
  'POST /api/notifications/email model.remaining',
]);

interface Operation {
  method: string;
  path: string;
  op: OpenApiOperation;
  policy: { access: string; roles?: readonly Role[] } | undefined;
}

let t: TestApp;
let doc: OpenApiDocument;
let operations: Operation[];
const sessions = new Map<Role, Session>();

const stopLater = stopAfterAll();
beforeAll(async () => {
  // The contact form's per-IP limit counts only valid requests, but keep it out of the way anyway.
  t = await buildTestApp({ EMAIL_RATE_LIMIT_MAX: '100000' });
  stopLater(() => t.close());
  doc = (await t.request<OpenApiDocument>('/api/openapi.json')).body;
  operations = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const url = path.replace(/\{\*\}$/, '*').replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      const route = t.app.routeTable.find((r) => r.url === url && r.method === method.toUpperCase());
      operations.push({ method: method.toUpperCase(), path, op, policy: route?.policy });
    }
  }
});

function deref(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (typeof schema.$ref === 'string') return deref(doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  return schema;
}

function acceptsString(schema: JsonSchema | undefined): boolean {
  const s = deref(schema);
  if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some(acceptsString);
}

/** Every place a string can sit in a JSON body schema: paths like ['lines', 0, 'note'] (depth-limited). */
function stringLeaves(schema: JsonSchema | undefined, at: (string | number)[] = [], depth = 0, out: (string | number)[][] = []) {
  const s = deref(schema);
  if (depth > 5) return out;
  if (acceptsString(s) && at.length) out.push(at);
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    const b = deref(branch);
    if (b.type === 'object' || b.type === 'array') stringLeaves(b, at, depth + 1, out);
  }
  for (const [key, prop] of Object.entries<JsonSchema>(s.properties ?? {})) stringLeaves(prop, [...at, key], depth + 1, out);
  if (s.items && !Array.isArray(s.items)) stringLeaves(s.items, [...at, 0], depth + 1, out);
  return out;
}

/** The smallest JSON value that puts `value` at `path`. */
function bodyAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyAt(rest, value)] : { [head!]: bodyAt(rest, value) };
}

/** A value the path parameter's schema accepts, so a probe of another field reaches that field's check. */
function samplePathValue(schema: JsonSchema | undefined): string {
  const s = deref(schema);
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'uuid') return randomUUID();
  if (s.type === 'integer') return String(s.minimum ?? 1);
  const pattern = s.pattern ? new RegExp(s.pattern) : undefined;
  const fits = (v: string) => (!pattern || pattern.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  return ['sample', 'FR', 'SAMPLE-1', 'a'].find(fits) ?? 'sample';
}

function urlFor(op: Operation, pathValues: Record<string, string>, query = ''): string {
  const params = op.op.parameters ?? [];
  let url = op.path;
  for (const p of params.filter((p) => p.in === 'path')) {
    url = url.replace(`{${p.name}}`, pathValues[p.name] ?? encodeURIComponent(samplePathValue(p.schema)));
  }
  return url + query;
}

async function eachConcurrently<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** A caller the route's policy lets in, so the request reaches validation. */
async function tokenFor(op: Operation): Promise<string | undefined> {
  if (!op.policy || op.policy.access === 'public') return undefined;
  const role: Role = op.policy.access === 'roles' && !op.policy.roles!.includes('ADMIN') ? op.policy.roles![0]! : 'ADMIN';
  if (!sessions.has(role)) sessions.set(role, await t.loginAs(role));
  return sessions.get(role)!.accessToken;
}

describe('a NUL character (U+0000) in any text input answers 400, never 500', () => {
  // Hundreds of requests: a generous limit for a loaded CI machine, and a few at a time.
  it(
    'walks every operation of the OpenAPI document: each string path param, query param and JSON body field',
    { timeout: 600_000 },
    async () => {
      const probes: { name: string; method: string; url: string; body?: unknown; token: string | undefined; field: string }[] = [];
      for (const op of operations) {
        const token = await tokenFor(op);
        const params = op.op.parameters ?? [];
        for (const p of params.filter((p) => p.in === 'path' && acceptsString(p.schema))) {
          probes.push({
            name: `${op.method} ${op.path} path.${p.name}`,
            method: op.method,
            url: urlFor(op, { [p.name]: encodeURIComponent(NUL) }),
            token,
            field: p.name,
          });
        }
        for (const p of params.filter((p) => p.in === 'query' && acceptsString(p.schema))) {
          probes.push({
            name: `${op.method} ${op.path} query.${p.name}`,
            method: op.method,
            url: urlFor(op, {}, `?${p.name}=${encodeURIComponent(NUL)}`),
            token,
            field: p.name,
          });
        }
        const bodySchema = op.op.requestBody?.content?.['application/json']?.schema;
        const seen = new Set<string>();
        for (const leaf of stringLeaves(bodySchema)) {
          const field = leaf.join('.');
          if (seen.has(field)) continue;
          seen.add(field);
          probes.push({
            name: `${op.method} ${op.path} body.${field}`,
            method: op.method,
            url: urlFor(op, {}),
            body: bodyAt(leaf, NUL),
            token,
            field,
          });
        }
      }

      // The endpoints the issue found answering 500, anonymous ones first: all of them must be in the walk.
      const names = new Set(probes.map((p) => p.name));
      const mustCover = [
        'POST /api/users body.username',
        'POST /api/users body.email',
        'POST /api/auth/authenticate body.username',
        'POST /api/auth/authenticate body.password',
        'POST /api/v1/auth/refresh-token body.refreshToken',
        'POST /api/notifications/email body.model.name',
        'POST /api/notifications/email body.model.message',
        'GET /api/collections/search query.q',
        'GET /api/products/search query.q',
        'GET /api/products query.stone',
        'GET /api/locations/search query.q',
        'GET /api/locations/city/{city} path.city',
        'GET /api/designers/search query.search',
        'GET /api/vendors/search query.search',
        'GET /api/categories/name/{name} path.name',
        'GET /api/components/exists/{name} path.name',
        'GET /api/collections/name/{name} path.name',
        'GET /api/products/sku/{sku} path.sku',
        'GET /api/designers/code/{code} path.code',
        'GET /api/vendors/code/{code} path.code',
        'GET /api/files/{*} path.*',
        'GET /api/users/search query.q',
        'GET /api/orders query.q',
        'POST /api/orders body.guest.name',
      ];
      expect(mustCover.filter((n) => !names.has(n))).toEqual([]);
      expect(probes.length).toBeGreaterThan(150);

      const wrong: string[] = [];
      await eachConcurrently(probes, 6, async (probe) => {
        const res = await t.request<ErrorResponse | null>(probe.url, {
          method: probe.method,
          token: probe.token,
          ...(probe.body !== undefined ? { body: probe.body } : {}),
        });
        const ok =
          res.status === 400 &&
          res.body?.code === 'VALIDATION_FAILED' &&
          res.body.details?.some((d) => d.path === probe.field && d.message === NUL_CHARACTER_MESSAGE);
        if (!ok) wrong.push(`${probe.name} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      });
      expect(wrong.sort()).toEqual([]);
    },
  );

  it('names the field of a NUL nested in a body, in the one error shape', async () => {
    const res = await t.request<ErrorResponse>('/api/notifications/email', {
      body: {
        emailType: 'JEWELRY_WEEK_SUBMISSION',
        recipients: ['house@mirror.example'],
        model: { name: 'Ada', email: 'ada@example.com', files: [{ url: `/api/files/${NUL}` }] },
      },
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    expect(res.body.details).toEqual([{ path: 'model.files.0.url', message: NUL_CHARACTER_MESSAGE }]);
  });

  it('refuses a NUL in a multipart upload field (parsed outside the route schema)', async () => {
    const form = new FormData();
    form.append('folderPath', 'jewelry-week/submissions');
    form.append('description', NUL);
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'brief.pdf');
    const res = await fetch(`${t.baseUrl}/api/files/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    const body: unknown = await res.json();
    expectErrorShape(body, 400, 'VALIDATION_FAILED');
    expect(body.details).toEqual([{ path: 'description', message: NUL_CHARACTER_MESSAGE }]);
  });

  it('still accepts the same requests without the NUL', async () => {
    expect((await t.request('/api/collections/search?q=ab')).status).toBe(200);
    expect((await t.request('/api/categories/name/ab')).status).toBe(404);
    const login = await t.request<ErrorResponse>('/api/auth/authenticate', {
      body: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(login.status).toBe(401);
  });
});

describe('integer parameters are bounded by their column types', () => {
  function integerQueryParams() {
    const out: { op: Operation; name: string; schema: JsonSchema; in: string }[] = [];
    for (const op of operations) {
      for (const p of op.op.parameters ?? []) {
        const s = deref(p.schema);
        if ((p.in === 'query' || p.in === 'path') && s.type === 'integer') out.push({ op, name: p.name, schema: s, in: p.in });
      }
    }
    return out;
  }

  it('every integer query and path parameter in the OpenAPI document has a minimum and a maximum within int4 (bigint: order totals)', () => {
    const params = integerQueryParams();
    expect(params.length).toBeGreaterThan(50);
    const wrong = params
      .filter(({ name, schema }) => {
        const cap = BIGINT_QUERY_PARAMS.has(name) ? Number.MAX_SAFE_INTEGER : INT4_MAX;
        return typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number' || schema.maximum > cap || schema.minimum < -cap;
      })
      .map(({ op, name, schema }) => `${op.method} ${op.path} ${name}: [${schema.minimum}, ${schema.maximum}]`);
    expect(wrong).toEqual([]);
  });

  it('every integer in a JSON request body has a minimum and a maximum within int4', () => {
    const wrong: string[] = [];
    let count = 0;
    const walk = (schema: JsonSchema | undefined, at: string, where: string, depth = 0) => {
      const s = deref(schema);
      if (depth > 6) return;
      if (s.type === 'integer') {
        count += 1;
        const cap = BIGINT_BODY_FIELDS.has(`${where} ${at}`) ? Number.MAX_SAFE_INTEGER : INT4_MAX;
        const min = s.minimum ?? s.exclusiveMinimum;
        const max = s.maximum ?? s.exclusiveMaximum;
        if (typeof min !== 'number' || typeof max !== 'number' || max > cap || min < -cap) {
          wrong.push(`${where} ${at}: [${s.minimum}, ${s.maximum}]`);
        }
      }
      for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(b, at, where, depth + 1);
      for (const [k, v] of Object.entries<JsonSchema>(s.properties ?? {})) walk(v, at ? `${at}.${k}` : k, where, depth + 1);
      if (s.items && !Array.isArray(s.items)) walk(s.items, `${at}[]`, where, depth + 1);
    };
    for (const op of operations) walk(op.op.requestBody?.content?.['application/json']?.schema, '', `${op.method} ${op.path}`);
    expect(count).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it(
    'answers 400, not 500, for 2,147,483,648 in every integer query parameter of every operation (order ' +
      'totals: above their bigint bound)',
    { timeout: 300_000 },
    async () => {
      const wrong: string[] = [];
      let probed = 0;
      for (const { op, name, schema, in: where } of integerQueryParams()) {
        if (where !== 'query') continue;
        probed += 1;
        const token = await tokenFor(op);
        const tooBig = BIGINT_QUERY_PARAMS.has(name) ? schema.maximum! + 1 : INT4_MAX + 1;
        const res = await t.request<Partial<ErrorResponse> | null>(urlFor(op, {}, `?${name}=${tooBig}`), { method: op.method, token });
        if (res.status !== 400 || !res.body?.details?.some((d) => d.path === name))
          wrong.push(`${op.method} ${op.path} ${name} → ${res.status}`);
      }
      // page and size everywhere, minPrice and maxPrice on every product list, min and max on the price range, year…
      expect(probed).toBeGreaterThan(100);
      expect(wrong).toEqual([]);
    },
  );

  it('still answers a price filter at exactly int4 max', async () => {
    for (const url of [
      `/api/products?maxPrice=${INT4_MAX}`,
      `/api/products?minPrice=${INT4_MAX}`,
      `/api/products/search?q=ring&maxPrice=${INT4_MAX}`,
      `/api/products/price-range?min=0&max=${INT4_MAX}`,
    ]) {
      expect((await t.request(url)).status, url).toBe(200);
    }
    const over = await t.request<ErrorResponse>(`/api/products?maxPrice=${INT4_MAX + 1}`);
    expect(over.status).toBe(400);
    expectErrorShape(over.body, 400, 'VALIDATION_FAILED');
    expect(over.body.details).toEqual([{ path: 'maxPrice', message: `At most ${INT4_MAX}` }]);
  });
});

describe('keyset cursors are checked against their column types', () => {
  it('answers 400 for a crafted `after` cursor PostgreSQL could not read (int4 overflow, an impossible date, a NUL)', async () => {
    const cursor = (value: string) => Buffer.from(JSON.stringify([value, randomUUID()])).toString('base64url');
    for (const [sort, value] of [
      ['price,asc', '9999999999'],
      ['stock,desc', '-2147483649'],
      ['createdAt,desc', 'Tuesday 3'],
      ['createdAt,desc', '2026-02-31 00:00:00+00'],
      ['updatedAt,asc', '0000-01-01 00:00:00+00'],
      ['name,asc', NUL],
    ] as const) {
      const res = await t.request<ErrorResponse>(`/api/products?sort=${sort}&after=${cursor(value)}`);
      expect(res.status, `${sort} ${JSON.stringify(value)}`).toBe(400);
      expect(res.body.details).toEqual([{ path: 'after', message: 'This cursor is not valid; start again from the first page.' }]);
    }
  });
});

describe('unsupported methods answer 405 with Allow', () => {
  it('DELETE /api/orders/statistics → 405, Allow: GET, HEAD, in the one error shape', async () => {
    const res = await t.request<ErrorResponse>('/api/orders/statistics', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expectErrorShape(res.body, 405, 'METHOD_NOT_ALLOWED');
  });

  it('lists every method the path has, parameters included', async () => {
    const id = randomUUID();
    const res = await t.request<ErrorResponse>(`/api/products/${id}`, { method: 'PATCH', body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    const login = await t.request<ErrorResponse>('/api/auth/authenticate');
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('POST');
  });

  it('keeps 404 for paths no route has', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/orders/statistics/extra'],
      ['POST', '/api/products/a/b/c/d'],
    ] as const) {
      const res = await t.request<ErrorResponse>(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expectErrorShape(res.body, 404, 'ROUTE_NOT_FOUND');
      expect(res.headers.get('allow')).toBeNull();
    }
  });
});

describe('GET /api/files/* is rate limited per IP, apart from the API budget', () => {
  let limited: TestApp;
  const stopLimitedLater = stopAfterAll();
  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_MAX: '4', FILES_RATE_LIMIT_MAX: '3' });
    stopLimitedLater(() => limited.close());
    await limited.storage.put('mirror-storage/public/pixel.txt', Buffer.from('pixel'), 'text/plain');
  });

  it('answers 429 with Retry-After in the one error shape once the files budget is spent; API calls are still served', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limited.request('/api/files/mirror-storage/public/pixel.txt')).status).toBe(200);
    const over = await limited.request<ErrorResponse>('/api/files/mirror-storage/public/pixel.txt');
    expect(over.status).toBe(429);
    expectErrorShape(over.body, 429, 'TOO_MANY_REQUESTS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Images do not eat the page's API budget (RATE_LIMIT_MAX=4): all four calls still pass.
    for (let i = 0; i < 4; i += 1) expect((await limited.request('/api/users/health')).status).toBe(200);
    expect((await limited.request('/api/users/health')).status).toBe(429);
  });
});
