import type { Role } from '@mirror/contract';
import type { Policy } from '../../src/plugins/auth';
import type { JsonSchema, OpenApiDocument, OpenApiOperation, TestApp } from '../helpers';

// The OpenAPI document as the security suite reads it: every operation with its route's access policy.

export type { JsonSchema } from '../helpers';

export interface Operation {
  /** `GET /api/users/{id}`, as the document spells it. */
  key: string;
  method: string;
  path: string;
  /** The route's URL as Fastify registered it (`/api/users/:id`). */
  route: string;
  op: OpenApiOperation;
  policy: Policy | undefined;
}

export const ROLES = ['CUSTOMER', 'VENDOR', 'DESIGNER', 'ADMIN'] as const satisfies readonly Role[];
/** The matrix columns: a visitor, then each role. */
export const CALLERS = ['anonymous', ...ROLES] as const;
export type Caller = (typeof CALLERS)[number];

export function routeUrlOf(openapiPath: string): string {
  return openapiPath.replace(/\{\*\}$/, '*').replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

export async function loadOperations(t: TestApp): Promise<{ doc: OpenApiDocument; operations: Operation[] }> {
  const res = await t.request<OpenApiDocument>('/api/openapi.json');
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
  const doc = res.body;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const route = routeUrlOf(path);
      const entry = t.app.routeTable.find((r) => r.url === route && r.method === method.toUpperCase());
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, route, op, policy: entry?.policy });
    }
  }
  return { doc, operations };
}

/** Is `role` let in by the route's policy (before any ownership rule the service applies)? */
export function policyAdmits(policy: Policy | undefined, caller: Caller): boolean {
  if (!policy) return false;
  if (policy.access === 'public') return true;
  if (caller === 'anonymous') return false;
  return policy.access === 'authenticated' || policy.roles.includes(caller);
}

export function parameters(op: Operation, where: 'path' | 'query' | 'header'): { name: string; required: boolean; schema: JsonSchema }[] {
  return (op.op.parameters ?? [])
    .filter((p) => p.in === where)
    .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} }));
}

export function jsonBodySchema(op: Operation): JsonSchema | undefined {
  return op.op.requestBody?.content?.['application/json']?.schema;
}

/** Fills the path's `{name}` and `{*}` parameters (values are percent-encoded here). */
export function fillPath(op: Operation, value: (name: string, schema: JsonSchema) => string): string {
  let url = op.path;
  for (const p of parameters(op, 'path')) {
    const raw = value(p.name, p.schema);
    url = url.replace(`{${p.name}}`, p.name === '*' ? raw.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(raw));
  }
  return url;
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

/** Runs `run` over `items` with at most `limit` in flight, in order of start. */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await run(items[index]!, index);
      }
    }),
  );
}
