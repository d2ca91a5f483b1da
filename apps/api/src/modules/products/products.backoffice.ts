/**
 * The back-office's operations on many pieces: the SKU check, bulk actions, the CSV export (streamed in keyset
 * batches) and the CSV import (a dry run, or all or nothing). Their queries: products.backoffice.repo.ts.
 */
import { Readable } from 'node:stream';
import {
  slugify,
  type ProductBulkBody,
  type ProductBulkResult,
  type ProductImportReport,
  type ProductStatus,
  type SkuAvailability,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import type { NewProductRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { audited } from '../audit/audit.service';
import { assertTrashAccess, viewerOf } from './products.access';
import type { ProductsContext } from './products.context';
import { CSV_HEADER, exportFileName, mapHeader, productCsvLine, readCsv, UTF8_BOM } from './products.csv';
import { mapWriteError } from './products.errors';
import { planImport } from './products.import';
import { createProductsRepo, type ExportRow, type ProductFilter, type ProductSort } from './products.repo';
import type { SearchPlanner } from './products.search-plan';

/** Pieces created by one CSV import that still get their studio render (decisions §52). */
const IMPORT_RENDER_MAX = 200;

export function createProductBackOffice(
  { db, lowStockThreshold, repo, repoIn, counts, lexiconChanged, clearCaches, renderStudioLater }: ProductsContext,
  { narrowedBy }: SearchPlanner,
) {
  return {
    /** For the editor's live check. The unique index covers soft-deleted pieces, so they hold their SKU too. */
    async skuAvailability({ sku, excludeId }: { sku: string; excludeId?: string | undefined }): Promise<SkuAvailability> {
      const holder = await repo.skuHolder(sku, excludeId);
      if (!holder) return { sku, available: true, message: 'This SKU is free.' };
      if (holder.deletedAt) {
        return {
          sku,
          available: false,
          message:
            'A deleted piece (in the Trash) holds this SKU; it stays reserved until that piece is restored or ' + 'deleted permanently.',
        };
      }
      return { sku, available: false, message: 'Another piece already uses this SKU.' };
    },

    /**
     * One action on many pieces, in one transaction behind row locks: every id must name a piece (Trash
     * included) or nothing changes (404 naming them). Pieces already in the target state are left alone;
     * `ids` lists those changed, in request order, so an Undo can revert exactly them.
     */
    async bulk({ body }: { body: ProductBulkBody }): Promise<ProductBulkResult> {
      const ids = [...new Set(body.ids)];
      const changed = await db.transaction(async (tx) => {
        const txRepo = createProductsRepo(tx, lowStockThreshold);
        const rows = new Map((await txRepo.lockForBulk(ids)).map((r) => [r.id, r]));
        const missing = body.ids.map((id, i) => ({ id, i })).filter(({ id }) => !rows.has(id));
        if (missing.length) {
          throw new AppError(
            'PRODUCT_NOT_FOUND',
            `No product with id ${[...new Set(missing.map((m) => m.id))].join(', ')}. Nothing was changed.`,
            missing.map(({ i }) => ({ path: `ids.${i}`, message: 'No such product' })),
          );
        }
        const live = body.action !== 'RESTORE' && body.action !== 'DELETE';
        if (live) {
          const trashed = body.ids.map((id, i) => ({ id, i })).filter(({ id }) => rows.get(id)!.deletedAt);
          if (trashed.length) {
            throw new AppError(
              'CONFLICT',
              `${trashed.length === 1 ? 'One piece is' : `${trashed.length} pieces are`} in the Trash: restore ${trashed.length === 1 ? 'it' : 'them'} first. Nothing was changed.`,
              trashed.map(({ i }) => ({ path: `ids.${i}`, message: 'In the Trash' })),
            );
          }
        }
        const now = new Date();
        type Locked = { deletedAt: Date | null; isFeatured: boolean; status: ProductStatus };
        const plans: Record<ProductBulkBody['action'], { needs: (r: Locked) => boolean; patch: Partial<NewProductRow> }> = {
          FEATURE: { needs: (r) => !r.isFeatured, patch: { isFeatured: true } },
          UNFEATURE: { needs: (r) => r.isFeatured, patch: { isFeatured: false } },
          SET_STATUS: { needs: (r) => r.status !== body.status, patch: { status: body.status! } },
          DELETE: { needs: (r) => r.deletedAt === null, patch: { deletedAt: now } },
          RESTORE: { needs: (r) => r.deletedAt !== null, patch: { deletedAt: null } },
        };
        const plan = plans[body.action];
        const target = ids.filter((id) => plan.needs(rows.get(id)!));
        const action = ({ FEATURE: 'FEATURE', UNFEATURE: 'FEATURE', SET_STATUS: 'STATUS', DELETE: 'DELETE', RESTORE: 'RESTORE' } as const)[
          body.action
        ];
        const written = new Set(
          await audited(tx as unknown as Db, { type: 'PRODUCT', action, ids: target }, (t) => repoIn(t).setMany(target, plan.patch)),
        );
        return ids.filter((id) => written.has(id));
      });
      if (changed.length) clearCaches();
      return { updated: changed.length, ids: changed };
    },

    /**
     * CSV of every piece the list's filters (or a search, or an id list) select, in the list's sort. Rows are
     * read in keyset batches of 1,000 through the list's indexed paging and written as the client reads, so
     * memory stays flat whatever the size. The first batch is read before answering, so a bad query is still
     * a JSON error; no snapshot is held across batches (each sees the latest rows).
     */
    async exportCsv({ actor, filter, sort, q }: { actor: Actor; filter: ProductFilter; sort: ProductSort; q?: string | undefined }) {
      assertTrashAccess(actor, filter);
      const viewer = viewerOf(actor, filter.mine);
      const selection = await narrowedBy(viewer, filter, q);
      const batchSize = 1_000;
      const none = selection.ids?.length === 0;
      const [names, total, first] = await Promise.all([
        repo.categoryNames(),
        none ? 0 : counts.get(JSON.stringify([viewer, selection]), () => repo.count(viewer, selection)),
        none ? [] : repo.exportBatch(viewer, selection, sort, batchSize),
      ]);
      const lines = (rows: ExportRow[]) => rows.map((r) => productCsvLine(r, names.get(r.category_id) ?? '')).join('');
      async function* batches() {
        yield UTF8_BOM + CSV_HEADER;
        let rows = first;
        while (rows.length > 0) {
          const last = rows[rows.length - 1]!;
          // The next batch is read while this one is formatted and sent.
          const next =
            rows.length === batchSize
              ? repo.exportBatch(viewer, selection, sort, batchSize, { value: last.cursor_value, id: last.id })
              : null;
          // A client that goes away stops the loop at the yield: its read-ahead must not fail unobserved.
          next?.catch(() => {});
          yield lines(rows);
          if (!next) return;
          rows = await next;
        }
      }
      // Byte mode: the stream reads ahead at most one batch past what the socket has taken.
      return {
        fileName: exportFileName(new Date()),
        total,
        stream: Readable.from(batches(), { objectMode: false, highWaterMark: 64 * 1024 }),
      };
    },

    /**
     * CSV import. Dry run: the report of what apply would do. Apply: the same validation inside one
     * transaction (matched pieces locked), then every insert and update — or nothing at all when any row
     * is at fault (the report comes back with `applied: false`).
     */
    async importCsv({ file, mode }: { file: Buffer; mode: 'dry-run' | 'apply' }): Promise<ProductImportReport> {
      const { header, records } = await readCsv(file);
      const index = mapHeader(header);
      const report = (
        plan: { rows: number; creates: unknown[]; updates: unknown[]; errors: ProductImportReport['errors'] },
        applied: boolean,
      ): ProductImportReport => ({
        mode,
        applied,
        rows: plan.rows,
        toCreate: plan.creates.length,
        toUpdate: plan.updates.length,
        errors: plan.errors.slice(0, 500),
        errorCount: plan.errors.length,
      });
      const options = { headerLength: header.length, records, index, slugify };
      if (mode === 'dry-run') return report(await planImport({ ...options, repo, lock: false }), false);
      try {
        const result = await db.transaction(async (tx) => {
          const txRepo = createProductsRepo(tx, lowStockThreshold);
          const plan = await planImport({ ...options, repo: txRepo, lock: true });
          if (plan.errors.length) return { plan, ids: [] as string[] };
          const { created, updated } = await audited(
            tx as unknown as Db,
            { type: 'PRODUCT', action: 'IMPORT', ids: plan.updates.map((u) => u.id), created: (r) => r.created },
            async (t: Db) => ({ created: await repoIn(t).insertMany(plan.creates), updated: await repoIn(t).updateMany(plan.updates) }),
          );
          if (updated.length !== plan.updates.length)
            throw new AppError('CONFLICT', 'A piece was deleted while the file was imported. Nothing was imported; try again.');
          const added = await txRepo.indexTermsOf([...created, ...updated]);
          return { plan, ids: [...created, ...updated], added };
        });
        if (result.plan.errors.length) return report(result.plan, false);
        clearCaches();
        if ('added' in result && result.added) lexiconChanged();
        // A small import (what a person adds by hand through a sheet) gets its studio renders like a
        // piece entered in the editor; a bulk load of thousands would hold the renderer for hours.
        if (result.plan.creates.length <= IMPORT_RENDER_MAX) {
          for (const row of await repo.findBySkus(
            result.plan.creates.map((c) => c.sku),
            false,
          ))
            renderStudioLater(row);
        }
        return report(result.plan, true);
      } catch (err) {
        return mapWriteError(err);
      }
    },
  };
}
