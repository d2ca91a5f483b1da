import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, TokenPair } from '@mirror/contract';
import { buildApp } from '../src/app';
import { genericPlanClientOf, openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/index';
import { rowsOf } from '../src/db/sql-helpers';
import { createUsersService } from '../src/modules/users/users.service';
import { scratchPgDatabase, TEST_JWT_SECRET, TEST_PASSWORD, testEnv } from './helpers';

// PostgreSQL only: PGlite has one session and no generic-plan sessions. A filtered page of the list runs on the
// generic-plan sessions only when PostgreSQL's generic plan for it reads just the entries its values select (decision
// 0134): judged once per statement text; until then, and when it is not, the page is planned for its values as before.
// The demo catalogue is multiplied (~20,000 pieces) so that the planner prefers index scans to sorting the table.
if (!process.env.TEST_DATABASE_URL) throw new Error('list-statements.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

describe('the statements of a filtered list (PostgreSQL)', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let adminToken = '';
  let rings = '';

  beforeAll(async () => {
    scratch = await scratchPgDatabase('mirror_lists');
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 1 });
    await database.migrate();
    await seedDemo(database.db);
    // Every demo piece 250 times over, as new pieces (own id, slug, SKU); then the planner's statistics.
    await database.db.execute(sql`
      insert into products (name, slug, description, sku, vendor_id, designer_id, category_id, metal, gemstone_type,
        gemstone_carat_points, gemstone_cut, gemstone_colour, gemstone_clarity, price, price_min, price_max, currency,
        stock_quantity, is_featured, status, images, created_at, updated_at)
      select p.name, p.slug || '-' || g, p.description, p.sku || '-' || g, p.vendor_id, p.designer_id, p.category_id, p.metal,
        p.gemstone_type, p.gemstone_carat_points, p.gemstone_cut, p.gemstone_colour, p.gemstone_clarity, p.price, p.price_min,
        p.price_max, p.currency, (p.stock_quantity + g) % 13, p.is_featured, p.status, p.images,
        p.created_at - make_interval(mins => g), p.updated_at - make_interval(mins => g)
      from products p, generate_series(1, 250) g`);
    await database.db.execute(sql`analyze products`);
    app = await buildApp({ env: testEnv(), database, jwtSecret: TEST_JWT_SECRET });
    await app.ready();
    const [ring] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from categories where name = 'Rings'`));
    rings = ring!.id;
    await createUsersService({ db: database.db }).adminCreate({
      username: 'list_admin',
      email: 'list_admin@example.com',
      password: TEST_PASSWORD,
      role: 'ADMIN',
      status: 'ACTIVE',
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'list_admin', password: TEST_PASSWORD },
    });
    adminToken = signedIn.json<TokenPair>().accessToken;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
  });

  const genericSession = () => genericPlanClientOf((database!.db as unknown as { $client: unknown }).$client)!;
  /** The statements the generic-plan session (poolMax 1: one) keeps, with how often each ran on its generic plan. */
  const onGenericSession = async () =>
    (
      await genericSession().query<{ statement: string; generic_plans: string }>(
        `select statement, generic_plans from pg_prepared_statements where statement not like 'prepare bounded_check%'`,
      )
    ).rows.map((s) => ({ statement: s.statement, genericPlans: Number(s.generic_plans) }));
  const page = async (query: string, token?: string) => {
    const res = await app!.inject({ url: `/api/products?${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.statusCode, query).toBe(200);
    return res.json<ProductPage>();
  };
  /** Asks for a page until its statement runs on the generic-plan session (its plan is judged in the background). */
  const untilGeneric = async (query: string, text: RegExp, token?: string) => {
    for (let i = 0; i < 100; i++) {
      const result = await page(query, token);
      if ((await onGenericSession()).some((s) => text.test(s.statement) && s.genericPlans > 0)) return result;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${query} never ran on the generic-plan session`);
  };
  const ids = (p: ProductPage) => p.content.map((c) => c.id);

  it('runs a page led by its filter’s index on the generic plan, with its LIMIT in the text, and answers the same pieces', async () => {
    // Rings in white gold, in stock, by price: the live pieces' category + price index, metal and stock checked in it.
    const query = `categoryId=${rings}&metalType=WHITE_GOLD&availability=IN_STOCK&sort=price,asc&size=12`;
    const planned = await page(query);
    expect(planned.content.length).toBe(12);
    const TEXT =
      /"category_id" = \$1 and "products"\."metal" = 'WHITE_GOLD' and "products"\."stock_quantity" > \d+\) order by "products"\."sort_price" asc, "products"\."id" asc limit 12$/;
    const generic = await untilGeneric(query, TEXT);
    expect(ids(generic)).toEqual(ids(planned));
    // The next page by its cursor: bounded too (the cursor bounds the key after the category), the same pieces as by number.
    const next = await untilGeneric(
      `${query}&after=${encodeURIComponent(planned.nextCursor!)}`,
      /> \(cast\(\$2 as integer\), cast\(\$3 as uuid\)\)\) order by .* limit 12$/,
    );
    expect(ids(next)).toEqual(ids(await page(`${query}&page=1`)));
    for (const p of next.content) {
      expect(p.metalType).toBe('WHITE_GOLD');
      expect(p.categoryId).toBe(rings);
    }
    // Another category: the same statement, planned once, with the new value.
    const [other] = rowsOf<{ id: string }>(await database!.db.execute(sql`select id from categories where name = 'Necklaces'`));
    const necklaces = await page(`categoryId=${other!.id}&metalType=WHITE_GOLD&availability=IN_STOCK&sort=price,asc&size=12`);
    for (const p of necklaces.content) expect(p.categoryId).toBe(other!.id);
    const kept = (await onGenericSession()).filter((s) => TEXT.test(s.statement));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.genericPlans).toBeGreaterThanOrEqual(2);
  });

  it('keeps a page whose generic plan would check its filter row by row planned for its values, off the generic-plan session', async () => {
    // The back-office's Rings by price: no index leads with the category in price order for every status, so a generic
    // plan walks the price index and checks each row's category (every row, for a category with none).
    const query = `categoryId=${rings}&sort=price,asc&size=12`;
    const first = await page(query, adminToken);
    for (let i = 0; i < 20; i++) expect(ids(await page(query, adminToken))).toEqual(ids(first));
    // Judged by now (the page above is asked for again and again): never on the generic-plan session.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page(query, adminToken);
    const onGeneric = (await onGenericSession()).filter((s) =>
      /"category_id" = \$\d+\) order by "products"\."sort_price" asc/.test(s.statement),
    );
    expect(onGeneric).toEqual([]);
    const onMain = rowsOf<{ statement: string }>(await database!.db.execute(sql`select statement from pg_prepared_statements`)).filter(
      (s) => /"category_id" = \$\d+\) order by "products"\."sort_price" asc, "products"\."id" asc limit \$\d+$/.test(s.statement),
    );
    expect(onMain.length).toBe(1);
    for (const p of first.content) expect(p.categoryId).toBe(rings);
  });

  it('writes a status, a metal and the stock bounds into the text, never a visitor’s words', async () => {
    await untilGeneric(
      'status=DRAFT&sort=price,desc&size=5',
      /"status" = 'DRAFT'\) order by "products"\."sort_price" desc, "products"\."id" desc limit 5$/,
      adminToken,
    );
    const stone = `stone=${encodeURIComponent("Sapphire' or 'a'='a")}&sort=price,asc&size=5`;
    expect((await page(stone)).content).toEqual([]);
    const texts = (await onGenericSession())
      .map((s) => s.statement)
      .concat(
        rowsOf<{ statement: string }>(await database!.db.execute(sql`select statement from pg_prepared_statements`)).map(
          (s) => s.statement,
        ),
      );
    expect(texts.some((t) => t.includes("or 'a'='a"))).toBe(false);
    expect(texts.some((t) => /lower\("products"\."gemstone_type"\) = lower\(\$\d+\)/.test(t))).toBe(true);
  });
});
