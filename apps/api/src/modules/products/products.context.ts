/**
 * What the products service's parts share, built once per service (products.service.ts): the repo (and one on a
 * transaction), the result caches and their clearing, a row's DTO at the stock threshold, and what follows the
 * save of a piece: caches cleared, its words added to the lexicon, its studio render queued.
 */
import type { Product } from '@mirror/contract';
import type { StudioPiece } from '@mirror/imagery';
import type { Db } from '../../db/client';
import type { ProductRow, StoredImage } from '../../db/schema/index';
import { createResultCache } from '../../lib/result-cache';
import { studioPieceOf } from '../../lib/studio-images';
import { toProductDto } from './products.mapper';
import { createProductsRepo } from './products.repo';

/** How long a read after a catalogue write waits for an aggregate's recount before it answers the last figure. */
export const AGGREGATE_AFTER_WRITE_WAIT_MS = 1_000;

export function productsContext({
  db,
  lowStockThreshold,
  countCacheMs,
  aggregateCacheMs,
  renderStudioImages,
  onBackgroundError,
}: {
  db: Db;
  lowStockThreshold: number;
  countCacheMs: number;
  aggregateCacheMs: number;
  renderStudioImages?: ((piece: StudioPiece) => Promise<StoredImage[]>) | undefined;
  onBackgroundError?: ((err: unknown) => void) | undefined;
}) {
  const repo = createProductsRepo(db, lowStockThreshold);
  const repoIn = (tx: Db) => createProductsRepo(tx, lowStockThreshold);
  // Grouped by the database handle: a product write also clears the collections' counts, and vice versa.
  const counts = createResultCache(countCacheMs, 500, db);
  // Whole-table aggregates (search tier counts, facets, statistics) cost a scan of up to a million rows:
  // refreshed at most every 30 s (in the background, while the last answer is served). After a write, a
  // recount is awaited for a second at most (decisions §127): a common word's tier counts at 1M take seconds.
  const aggregates = createResultCache(aggregateCacheMs, 500, db, AGGREGATE_AFTER_WRITE_WAIT_MS);
  const clearCaches = () => {
    counts.clear();
    aggregates.clear();
  };
  const dto = (row: Omit<ProductRow, 'searchVector'>) => toProductDto(row, lowStockThreshold);
  // What the lexicon knows of each query word: it changes only when a product brings a new word (cleared then).
  const corrections = createResultCache(60_000, 2_000);
  // Search plans by query text (products.search-plan.ts): cleared with the lexicon and with every catalogue write.
  const plans = createResultCache(60_000, 2_000, db);
  /** New words in the lexicon: what it knew of each query word, and the plans made from that, are forgotten. */
  const lexiconChanged = () => {
    corrections.clear();
    plans.clear();
  };

  async function written(row: Omit<ProductRow, 'searchVector'>): Promise<Product> {
    clearCaches();
    if ((await repo.indexTerms(row.id)) > 0) lexiconChanged();
    renderStudioLater(row);
    return dto(row);
  }

  // Renders run one at a time after the answer (about a second each): a piece is saved at once and
  // its studio images appear when drawn, unless a photograph was uploaded in between.
  let renderQueue: Promise<void> = Promise.resolve();
  const rendering = new Set<string>();
  function renderStudioLater(row: Omit<ProductRow, 'searchVector'>): void {
    if (!renderStudioImages || row.images.length > 0 || row.deletedAt || rendering.has(row.id)) return;
    rendering.add(row.id);
    renderQueue = renderQueue
      .then(async () => {
        const names = await repo.categoryNames();
        const images = await renderStudioImages(studioPieceOf(row, names.get(row.categoryId) ?? null));
        if (await repo.setGeneratedImages(row.id, images)) clearCaches();
      })
      .catch((err: unknown) => onBackgroundError?.(err))
      .finally(() => rendering.delete(row.id));
  }

  return {
    db,
    lowStockThreshold,
    repo,
    repoIn,
    counts,
    aggregates,
    clearCaches,
    dto,
    corrections,
    plans,
    lexiconChanged,
    written,
    renderStudioLater,
  };
}

export type ProductsContext = ReturnType<typeof productsContext>;
