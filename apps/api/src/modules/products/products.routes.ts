import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CreateProductBodySchema,
  HealthSchema,
  MetalTypeSchema,
  PriceRangeQuerySchema,
  ProductFacetsQuerySchema,
  GemIndexSchema,
  ProductFacetsSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  ProductSearchPageSchema,
  ProductSearchQuerySchema,
  ProductStatisticsSchema,
  ProductStockBodySchema,
  ProductBulkBodySchema,
  ProductBulkResultSchema,
  ProductExportQuerySchema,
  ProductImportFailureSchema,
  ProductImportQuerySchema,
  ProductImportReportSchema,
  SkuAvailabilityQuerySchema,
  SkuAvailabilitySchema,
  UpdateProductBodySchema,
  UuidParamsSchema,
  type ProductFilterQuery,
} from '@mirror/contract';
import { Public, requireActor, roles } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { errorBody } from '../../plugins/error-handler';
import type { ProductFilter } from './products.repo';
import type { ProductsService } from './products.service';

const tags = ['products'];
const AdminOnly = roles('ADMIN');
const AdminOrOwningVendor = { access: 'roles', roles: ['ADMIN', 'VENDOR'], ownership: "a VENDOR only its own vendor's products" } as const;
// The public lists take `mine=true` (a vendor's own pieces: 401 signed out, 403 for other roles) and `deleted=only` (403 but for ADMIN).
const ListResponses = { 200: ProductPageSchema, ...errorResponses(400, 401, 403) };

function filterOf(q: ProductFilterQuery): ProductFilter {
  return {
    categoryId: q.categoryId,
    metalType: q.metalType,
    vendorId: q.vendorId,
    designerId: q.designerId,
    collectionId: q.collectionId,
    featured: q.featured,
    availability: q.availability,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    status: q.status,
    stone: q.stone,
    cut: q.cut,
    includeDeleted: q.includeDeleted,
    deletedOnly: q.deleted === 'only',
    mine: q.mine,
  };
}

/** The import's size limit: a catalogue of a few ten thousand pieces, far below what would strain memory. */
export const IMPORT_MAX_BYTES = 20 * 1_048_576;
const CSV_TYPES = ['text/csv', 'application/csv'];

/** The CSV of an import: a multipart `file` part, or the whole body sent as text/csv. */
async function readImportFile(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This multipart/form-data request has no boundary.');
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
            { path: part.fieldname, message: 'Send the CSV in a field named "file"' },
          ]);
        }
        file = await part.toBuffer();
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${IMPORT_MAX_BYTES / 1_048_576} MB limit.`);
      if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Send one file per import.');
      throw new AppError('BAD_REQUEST', 'The upload could not be read. Send the CSV as multipart/form-data in a field named "file".');
    }
    if (!file) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: 'file', message: 'Attach the CSV file' }]);
    return file;
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.includes(type) || !Buffer.isBuffer(request.body)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a CSV file: multipart/form-data with a "file" part, or a text/csv body.');
  }
  return request.body;
}

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; health: () => Promise<boolean> }> = async (
  app,
  { products, health },
) => {
  // Both only for this plugin's routes (the import): multipart for the web's upload, text/csv for scripts.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  const listRoute = (url: string, summary: string, extra: (filter: ProductFilter) => ProductFilter = (f) => f) =>
    app.get(url, {
      config: { policy: Public },
      schema: { tags, summary, querystring: ProductListQuerySchema, response: ListResponses },
      handler: async (request) => products.list({ actor: request.actor, filter: extra(filterOf(request.query)), query: request.query }),
    });

  listRoute(
    '/api/products',
    "List products (paged; filters incl. stone, status, stock state, `deleted=only` for the Trash (ADMIN); sort name|price|createdAt|updatedAt|stock|sku). Pages by number reach the first 10,000 pieces (OFFSET_WINDOW: deeper `page` → 400 on `page`); past them, and at constant cost anywhere, page with the keyset cursors: `after` = a page's `nextCursor`, `before` = its `prevCursor`",
  );
  listRoute('/api/products/all', 'All products, paged (same as the list)');
  listRoute('/api/products/filter', 'Products matching the filter query parameters');
  listRoute('/api/products/featured', 'Featured products', (f) => ({ ...f, featured: true }));
  listRoute('/api/products/available', 'Products in stock', (f) => ({ ...f, available: true }));
  listRoute('/api/products/low-stock', 'Products at or below the low-stock threshold (and above zero)', (f) => ({ ...f, lowStock: true }));
  listRoute('/api/products/out-of-stock', 'Products with no stock', (f) => ({ ...f, availability: 'OUT_OF_STOCK' }));

  app.get('/api/products/health', {
    config: { policy: Public },
    schema: { tags, summary: 'Products service health', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await health();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'UP' : 'DOWN', service: 'products', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });

  app.get('/api/products/statistics', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Counts by status, category and metal; stock units and value, in all and per category (per currency)',
      response: { 200: ProductStatisticsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => products.statistics(),
  });

  app.get('/api/products/filters', {
    config: { policy: Public },
    schema: {
      tags,
      summary:
        'Every facet value (stones and cuts included) with its count for the current filter and search `q`; each facet ignores its own filter',
      querystring: ProductFacetsQuerySchema,
      response: { 200: ProductFacetsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => products.facets({ actor: request.actor, filter: filterOf(request.query), q: request.query.q }),
  });

  app.get('/api/products/gems', {
    config: { policy: Public },
    schema: {
      tags,
      summary:
        'Every gemstone of the public catalogue by stone, then colour and cut: counts and one piece each for its picture (the /all-gems index)',
      response: { 200: GemIndexSchema },
    },
    handler: async () => products.gems(),
  });

  app.get('/api/products/search', {
    config: { policy: Public },
    schema: {
      tags,
      summary:
        "Ranked search over name, stone, SKU/cut/colour/metal, category, collection and description with the list's filters: every word must match; the last word as a prefix; typos only for a word with no exact match (`correctedQuery` then names the spelling searched). Pages through the first 10,000 matches (OFFSET_WINDOW: a deeper `page` → 400) and counts no further (`totalExact` false: more than `totalElements`)",
      querystring: ProductSearchQuerySchema,
      response: { 200: ProductSearchPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { q, page, size } = request.query;
      return {
        ...(await products.search({ actor: request.actor, q, filter: filterOf(request.query), query: { page, size } })),
        nextCursor: null,
        prevCursor: null,
      };
    },
  });

  app.get('/api/products/sku-available', {
    config: { policy: roles('ADMIN', 'VENDOR') },
    schema: {
      tags,
      summary: 'Whether a SKU is free (case-insensitive; a piece in the Trash still holds its SKU); `excludeId` = the piece being edited',
      querystring: SkuAvailabilityQuerySchema,
      response: { 200: SkuAvailabilitySchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => products.skuAvailability({ sku: request.query.sku, excludeId: request.query.excludeId }),
  });

  app.post('/api/products/bulk', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        'One action on up to 500 pieces in one transaction: FEATURE, UNFEATURE, SET_STATUS (with status), ' +
        'DELETE (soft), RESTORE; unknown ids → 404 and nothing changes',
      body: ProductBulkBodySchema,
      response: { 200: ProductBulkResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => products.bulk({ body: request.body }),
  });

  app.get('/api/products/export.csv', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        "CSV of every piece the list's filters select (or a search `q`, or `ids=` a comma list), streamed; columns as the import reads them",
      description:
        'RFC 4180, UTF-8 with a byte-order mark, CRLF lines, header row first. Cells that start with = + - @ tab or CR are prefixed with an apostrophe. ' +
        'X-Total-Count gives the number of rows expected (for a progress bar). Prices are integer minor units, carats decimals.',
      querystring: ProductExportQuerySchema,
      response: { 200: z.any().describe('text/csv attachment'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { sort, q, ids, ...rest } = request.query;
      const filter = { ...filterOf(rest), ...(ids ? { ids } : {}) };
      const { fileName, total, stream } = await products.exportCsv({ actor: requireActor(request), filter, sort, q });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .send(stream);
    },
  });

  app.post('/api/products/import', {
    config: { policy: AdminOnly },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: {
      tags,
      summary:
        'Import a CSV (multipart `file`, or a text/csv body): dry-run reports what apply would do; apply writes every row in one transaction, or nothing (422 with the report)',
      description:
        `Up to ${IMPORT_MAX_BYTES / 1_048_576} MB (413 beyond), UTF-8 (415 for binary or other encodings). Rows match pieces by SKU (case-insensitive): ` +
        'matched rows update, others create. The header needs sku, name, metalType, categoryId or category, ' +
        'and price or priceMin+priceMax (422 naming what is missing or unknown). ' +
        'Blank cells clear nullable fields (designer, stone, description) and keep (update) or default ' +
        '(create) the others. A cell starting with = + - @ is refused ' +
        '(formula injection) unless escaped with a leading apostrophe, which is removed. A non-blank ' +
        "updatedAt older than the piece's is refused (changed since the export).",
      consumes: ['multipart/form-data', 'text/csv'],
      querystring: ProductImportQuerySchema,
      response: { 200: ProductImportReportSchema, 422: ProductImportFailureSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
    },
    handler: async (request, reply) => {
      const file = await readImportFile(request);
      const report = await products.importCsv({ file, mode: request.query.mode });
      if (report.mode === 'apply' && !report.applied) {
        const message = `${report.errorCount === 1 ? 'One problem' : `${report.errorCount} problems`} in the file: nothing was imported.`;
        const details = report.errors.map((e) => ({ path: `line ${e.line}${e.column ? `, ${e.column}` : ''}`, message: e.reason }));
        return reply.code(422).send({ ...errorBody(422, 'UNPROCESSABLE', message, details), report });
      }
      return report;
    },
  });

  app.get('/api/products/price-range', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Products whose (from) price lies between min and max, in minor units',
      querystring: PriceRangeQuerySchema,
      response: ListResponses,
    },
    handler: async (request) =>
      products.list({
        actor: request.actor,
        filter: { ...filterOf(request.query), minPrice: request.query.min, maxPrice: request.query.max },
        query: request.query,
      }),
  });

  app.get('/api/products/sku/:sku', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'A product by SKU',
      params: z.object({ sku: z.string().trim().min(1).max(40) }),
      response: { 200: ProductSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => products.getBySku({ actor: request.actor, sku: request.params.sku }),
  });

  app.get('/api/products/metal/:type', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Products in a metal',
      params: z.object({ type: MetalTypeSchema }),
      querystring: ProductListQuerySchema,
      response: ListResponses,
    },
    handler: async (request) =>
      products.list({ actor: request.actor, filter: { ...filterOf(request.query), metalType: request.params.type }, query: request.query }),
  });

  app.get('/api/products/category/:id', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Products in a category',
      params: UuidParamsSchema,
      querystring: ProductListQuerySchema,
      response: ListResponses,
    },
    handler: async (request) =>
      products.list({ actor: request.actor, filter: { ...filterOf(request.query), categoryId: request.params.id }, query: request.query }),
  });

  app.get('/api/products/:id', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'A product by id (DRAFT, archived and deleted pieces only for ADMIN, or their own VENDOR)',
      params: UuidParamsSchema,
      querystring: z.object({
        includeDeleted: z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .optional(),
        /** VENDOR only: 404 unless the piece is the caller's own, even when it is live (its back-office editor). */
        mine: z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .optional(),
      }),
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      products.get({
        actor: request.actor,
        id: request.params.id,
        includeDeleted: request.query.includeDeleted ?? false,
        mine: request.query.mine ?? false,
      }),
  });

  app.post('/api/products', {
    config: { policy: AdminOrOwningVendor },
    schema: {
      tags,
      summary: 'Create a product (a VENDOR creates for its own vendor)',
      body: CreateProductBodySchema,
      response: { 201: ProductSchema, ...errorResponses(400, 401, 403, 409, 422) },
    },
    handler: async (request, reply) => reply.code(201).send(await products.create({ actor: requireActor(request), body: request.body })),
  });

  app.put('/api/products/:id', {
    config: { policy: AdminOrOwningVendor },
    schema: {
      tags,
      summary: 'Update a product',
      params: UuidParamsSchema,
      body: UpdateProductBodySchema,
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request) => products.update({ actor: requireActor(request), id: request.params.id, patch: request.body }),
  });

  app.put('/api/products/:id/stock', {
    config: { policy: AdminOrOwningVendor },
    schema: {
      tags,
      summary: 'Set stock ({quantity}) or adjust it atomically ({delta}, never below zero)',
      params: UuidParamsSchema,
      body: ProductStockBodySchema,
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => products.setStock({ actor: requireActor(request), id: request.params.id, body: request.body }),
  });

  app.post('/api/products/:id/toggle-featured', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Feature or unfeature a product',
      params: UuidParamsSchema,
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => products.toggleFeatured({ id: request.params.id }),
  });

  app.post('/api/products/:id/restore', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Restore a soft-deleted product',
      params: UuidParamsSchema,
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => products.restore({ id: request.params.id }),
  });

  app.delete('/api/products/:id', {
    config: { policy: AdminOrOwningVendor },
    schema: {
      tags,
      summary: 'Soft-delete a product',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await products.remove({ actor: requireActor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/products/:id/permanent', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Delete a product permanently (409 when an order references it)',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await products.removePermanently({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });
};
