// The two baselines of bench/api.mjs, in their own process: a bare Fastify hello-world and a bare
// route running one indexed 20-row SELECT with pg (the same pool size as the API). Nothing else:
// no schemas, hooks, auth or serializer work, so the ratio to it is what the real stack costs.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 20) });
pool.on('error', () => {});
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
// The storefront's first page: partial index products_live_created_idx, whole rows, 20 of them.
const SELECT = `select * from products where status = 'ACTIVE' and deleted_at is null order by created_at desc, id desc limit 20`;
app.get('/select', async () => (await pool.query(SELECT)).rows);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
