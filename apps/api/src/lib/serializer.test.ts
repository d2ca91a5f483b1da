import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponseSchema, ProductPageSchema } from '@mirror/contract';
import { createSerializerCompiler, simplifyForSerializer, stringifierFor } from './serializer';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function product(i: number) {
  return {
    id: uuid(i),
    name: `Piece ${i} "quoted" \u2028`,
    slug: `piece-${i}`,
    description: 'Line\nbreak, <b>tags</b> & ünïcode',
    sku: `SKU${i}`,
    vendorId: uuid(100 + i),
    designerId: i % 2 ? null : uuid(200 + i),
    categoryId: uuid(300),
    metalType: 'PLATINUM',
    gemstone: i % 3 ? null : { type: 'diamond', carat: 1.25, cut: null, colour: 'white', clarity: 'VVS1' },
    currency: 'EUR',
    price: i % 4 ? { amount: 125000 + i, currency: 'EUR' } : null,
    priceRange: i % 4 ? null : { min: 1, max: 2, currency: 'EUR' },
    stockQuantity: i,
    availability: 'IN_STOCK',
    isFeatured: i % 5 === 0,
    status: 'ACTIVE',
    images: [
      {
        variant: 'main',
        alt: 'A ring',
        url: '/f/a.webp',
        width: 640,
        height: 800,
        srcset: [{ url: '/f/a-320.webp', width: 320, height: 400 }],
      },
    ],
    createdAt: '2026-01-02T03:04:05.678Z',
    updatedAt: '2026-01-02T03:04:05.678Z',
    deletedAt: null,
  };
}
const page = {
  content: Array.from({ length: 12 }, (_, i) => product(i)),
  page: 0,
  size: 20,
  totalElements: 12,
  totalPages: 1,
  nextCursor: null,
  prevCursor: null,
};

describe('response serializer', () => {
  it('writes exactly what JSON.stringify of the zod-encoded value writes', () => {
    const parsed = ProductPageSchema.parse(page);
    expect(stringifierFor(ProductPageSchema)(parsed)).toBe(JSON.stringify(ProductPageSchema.encode(parsed)));
  });

  it('drops properties the schema does not declare (no internal field leaks)', () => {
    const schema = z.object({ id: z.string(), name: z.string().nullable() });
    const out = stringifierFor(schema)({ id: 'a', name: null, passwordHash: 'secret' });
    expect(JSON.parse(out)).toEqual({ id: 'a', name: null });
  });

  it('turns zod nullables into `nullable` and drops validator-only keywords', () => {
    expect(simplifyForSerializer({ anyOf: [{ type: 'string', format: 'uuid', pattern: '^x$' }, { type: 'null' }] })).toEqual({
      type: 'string',
      nullable: true,
    });
    expect(simplifyForSerializer({ type: ['integer', 'null'], minimum: 0 })).toEqual({ type: 'integer', nullable: true });
    expect(simplifyForSerializer({ type: 'string', format: 'date-time' })).toEqual({ type: 'string', format: 'date-time' });
  });

  it('checks each response against the zod schema when validating, and only then', () => {
    const compile = (validate: boolean) =>
      createSerializerCompiler({ validate })({ schema: ErrorResponseSchema, method: 'GET', url: '/x' });
    const bad = { status: 'nope' };
    expect(() => compile(true)(bad)).toThrow();
    // Without validation the compiled serializer still refuses a body missing required fields.
    expect(() => compile(false)(bad)).toThrow();
    const ok = { status: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Nothing here.', details: [{ path: 'a', message: 'b' }] };
    const parsed = ErrorResponseSchema.safeParse(ok);
    if (parsed.success) expect(JSON.parse(compile(true)(ok))).toEqual(JSON.parse(JSON.stringify(ErrorResponseSchema.encode(parsed.data))));
    else throw new Error(`fixture does not match the error schema: ${parsed.error.message}`);
  });
});
