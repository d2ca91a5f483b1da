import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { categories, products, users } from '../src/db/schema/index';
import { compileRowMapper, executeCompiled, withCompiledRows } from '../src/db/row-mapper';
import { productColumns } from '../src/modules/products/products.repo';
import { catalogFactory } from './catalog';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The compiled row mapping (decisions §113) gives what drizzle's own mapping gives, on the database the pass runs
 * (PGlite, or PostgreSQL through node-postgres): the same keys in the same order, the same values and types —
 * Dates, numbers, booleans, JSON, nulls, nested selections and typed `sql` fields.
 */
describe('compiled row mapping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await t.loginAs('ADMIN');
    const make = catalogFactory(t, admin);
    const category = await make.category();
    const vendor = await make.vendor();
    // Nulls and values in every kind of column: a price range with no price, a gemstone with none, a deleted piece.
    await make.product({
      categoryId: category.id,
      vendorId: vendor.id,
      gemstone: { type: 'Sapphire', carat: 1.25, cut: 'Oval', colour: 'Blue', clarity: 'VS1' },
    });
    await make.product({
      categoryId: category.id,
      vendorId: vendor.id,
      price: null,
      priceMin: 900000,
      priceMax: 1800000,
      isFeatured: true,
      stockQuantity: 0,
    });
    const gone = await make.product({ categoryId: category.id, vendorId: vendor.id });
    await t.request(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.accessToken });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it('maps a page of products exactly as drizzle does, on a prepared statement', async () => {
    const query = () =>
      db()
        .select({
          product: productColumns,
          cursorValue: sql<string>`cast(${products.updatedAt} as text)`,
          n: sql<number>`1 + 1`.mapWith(Number),
        })
        .from(products)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(sql.placeholder('limit'));
    const expected = await query().prepare('row_mapper_plain').execute({ limit: 10 });
    const statement = withCompiledRows(query().prepare('row_mapper_compiled'));
    expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const actual = await statement.execute({ limit: 10 });
    expect(actual.length).toBe(3);
    expect(actual).toStrictEqual(expected);
    // Key order too (it is what the JSON serializer and the DTO see).
    expect(actual.map((r) => Object.keys(r.product))).toEqual(expected.map((r) => Object.keys(r.product)));
    expect(Object.keys(actual[0]!)).toEqual(['product', 'cursorValue', 'n']);
    // The decoders ran: timestamps are Dates, the mapped sql field a number; nulls stayed null.
    const deleted = actual.find((r) => r.product.deletedAt !== null)!;
    expect(deleted.product.deletedAt).toBeInstanceOf(Date);
    expect(deleted.product.gemstoneType).toBeNull();
    expect(deleted.product.designerId).toBeNull();
    expect(actual[0]!.n).toBe(2);
    expect(actual.some((r) => r.product.price === null && r.product.priceMin === 900000)).toBe(true);
  });

  it('keeps drizzle mapping for a join that may be null, and maps non-null joins', async () => {
    const leftJoined = db()
      .select({ id: products.id, category: { name: categories.name } })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .prepare('row_mapper_left');
    // A left join may null the whole nested object: drizzle keeps that bookkeeping.
    expect((withCompiledRows(leftJoined) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const inner = () =>
      db()
        .select({ id: products.id, category: { name: categories.name, active: categories.isActive } })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(products.id);
    const expected = await inner().prepare('row_mapper_inner_plain').execute();
    expect(await withCompiledRows(inner().prepare('row_mapper_inner')).execute()).toStrictEqual(expected);
  });

  it('maps a statement built for one call (a search) and a select from a subquery as drizzle does', async () => {
    const matched = () =>
      db().select(productColumns).from(products).where(isNotNull(products.categoryId)).offset(sql.placeholder('zero')).as('matched');
    const fromSubquery = () => {
      const m = matched();
      return db().select().from(m).orderBy(desc(m.createdAt), desc(m.id)).limit(10);
    };
    const expected = await fromSubquery().execute({ zero: 0 });
    expect(expected.length).toBe(3);
    expect(await executeCompiled(fromSubquery(), { zero: 0 })).toStrictEqual(expected);
    const plain = () => db().select(productColumns).from(products).orderBy(products.sku).limit(10);
    expect(await executeCompiled(plain())).toStrictEqual(await plain());
  });

  it('refuses what it does not compile: a repeated key', () => {
    const field = users.id;
    expect(
      compileRowMapper([
        { path: ['a'], field },
        { path: ['a'], field },
      ]),
    ).toBeNull();
    expect(
      compileRowMapper([
        { path: ['a'], field },
        { path: ['a', 'b'], field },
      ]),
    ).toBeNull();
    expect(
      compileRowMapper([
        { path: ['a', 'b'], field },
        { path: ['a'], field },
      ]),
    ).toBeNull();
  });
});
