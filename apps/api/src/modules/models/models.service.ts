import type { MetalType } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import type { ProductsService } from '../products/products.service';
import type { BuildPool } from './build-pool';
import { modelSpecOf, specHash } from '@mirror/imagery/models';
import { createModelCache } from './model-cache';
import { createModelsRepo } from './models.repo';

export interface ModelsServiceOptions {
  db: Db;
  products: ProductsService;
  /** where builds run (a worker thread: see build-pool.ts) */
  builder: BuildPool;
  /** where built models are kept between restarts (DATA_DIR/models); null keeps them in memory only */
  cacheDir: string | null;
  onCacheError?: (err: unknown) => void;
}

export interface PieceModel {
  /** the hash of everything the model is built from: its strong ETag */
  etag: string;
  /** null when the caller already holds this version (If-None-Match) */
  body: Uint8Array | null;
  /** drafts are only for their vendor and admins: never stored by shared caches */
  isPublic: boolean;
  fileName: string;
}

/** `If-None-Match: "a", W/"b"` or `*` against a strong ETag. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${etag}"`;
  });
}

export function createModelsService({ db, products, builder, cacheDir, onCacheError }: ModelsServiceOptions) {
  const repo = createModelsRepo(db);
  const cache = createModelCache({ dir: cacheDir, onError: onCacheError });

  return {
    /**
     * The piece's 3D model, in its own metal or `metal`. Visibility is the product's: unknown,
     * deleted and other vendors' drafts are all "not found".
     */
    async get({
      actor,
      id,
      metal,
      ifNoneMatch,
    }: {
      actor: Actor | null;
      id: string;
      metal?: MetalType | undefined;
      ifNoneMatch?: string | undefined;
    }): Promise<PieceModel> {
      const product = await products.get({ actor, id });
      const categoryName = (await repo.categoryName(product.categoryId)) ?? '';
      const spec = modelSpecOf(
        { name: product.name, categoryName, metal: product.metalType, gemstone: product.gemstone },
        metal ?? product.metalType,
      );
      const etag = specHash(spec);
      const model = {
        etag,
        isPublic: product.status === 'ACTIVE',
        fileName: `${product.slug || product.id}${metal ? `-${metal.toLowerCase()}` : ''}.glb`,
      };
      if (matchesEtag(ifNoneMatch, etag)) return { ...model, body: null };
      return { ...model, body: await cache.get(etag, () => builder.build(spec)) };
    },
  };
}

export type ModelsService = ReturnType<typeof createModelsService>;
