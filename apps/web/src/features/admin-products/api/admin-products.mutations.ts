import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateProductBody,
  Product,
  ProductBulkBody,
  ProductBulkResult,
  ProductImportReport,
  ProductPage,
  ProductStockBody,
  UpdateProductBody,
  UploadedFile,
} from '@mirror/contract';
import { UPLOAD_DEFAULT_BUCKET } from '@mirror/contract';
import { showToast } from '../../../components/ui/toast';
import { apiClient, uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { adminProductKeys } from './admin-products.queries';

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** Rewrites one piece wherever a cached list page or its detail holds it. */
function patchCachedProduct(client: QueryClient, id: string, patch: (product: Product) => Product): void {
  client.setQueriesData<ProductPage>({ queryKey: adminProductKeys.lists() }, (page) => {
    if (!page || !page.content.some((p) => p.id === id)) return page;
    return { ...page, content: page.content.map((p) => (p.id === id ? patch(p) : p)) };
  });
  client.setQueryData<Product>(adminProductKeys.detail(id), (product) => (product ? patch(product) : product));
}

function cachedProduct(client: QueryClient, id: string): Product | undefined {
  const detail = client.getQueryData<Product>(adminProductKeys.detail(id));
  if (detail) return detail;
  for (const [, page] of client.getQueriesData<ProductPage>({ queryKey: adminProductKeys.lists() })) {
    const hit = page?.content.find((p) => p.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** Lists, facets and details: everything a write can change. */
function invalidateProducts(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: adminProductKeys.all });
}

export interface StockChange {
  product: Pick<Product, 'id' | 'name'>;
  body: ProductStockBody;
}

const STOCK_MUTATION_KEY = [...adminProductKeys.all, 'stock'] as const;

/**
 * Inline stock: `{delta}` (the + and − buttons) or `{quantity}` (typed), shown at once in the cached
 * page. A failure undoes exactly this change — the delta is reversed rather than a snapshot restored,
 * so quick successive clicks that did succeed are kept — and the lists are refetched once the last
 * pending change has settled.
 */
export function useSetStock() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: STOCK_MUTATION_KEY,
    mutationFn: ({ product, body }: StockChange) => apiClient.put<Product>(`${productPath(product.id)}/stock`, body),
    onMutate: async ({ product, body }) => {
      await client.cancelQueries({ queryKey: adminProductKeys.lists() });
      const before = cachedProduct(client, product.id)?.stockQuantity;
      const next = (p: Product) => ('delta' in body ? p.stockQuantity + body.delta : body.quantity);
      patchCachedProduct(client, product.id, (p) => ({ ...p, stockQuantity: next(p) }));
      return { before };
    },
    onError: (error, { product, body }, context) => {
      // Said here rather than in mutate()'s callbacks: those run only for the latest call of a mounted
      // cell, so a refusal of the first of two quick clicks, or one landing after the row re-rendered,
      // would pass in silence.
      showToast(`Stock of ${product.name} was not changed: ${errorText(error)}`, 'error');
      if ('delta' in body) {
        patchCachedProduct(client, product.id, (p) => ({ ...p, stockQuantity: p.stockQuantity - body.delta }));
      } else if (context?.before !== undefined) {
        const before = context.before;
        // Only if nothing else changed it since: a later change's value wins.
        patchCachedProduct(client, product.id, (p) => (p.stockQuantity === body.quantity ? { ...p, stockQuantity: before } : p));
      }
    },
    onSettled: () => {
      // isMutating still counts this one while onSettled runs.
      if (client.isMutating({ mutationKey: STOCK_MUTATION_KEY }) <= 1) return invalidateProducts(client);
      return undefined;
    },
  });
}

/** Feature / unfeature / set status / soft delete / restore many pieces in one transaction. */
export function useBulkProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulkBody) => apiClient.post<ProductBulkResult>('/api/products/bulk', body),
    onSettled: () => invalidateProducts(client),
  });
}

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductBody) => apiClient.post<Product>('/api/products', body),
    onSuccess: (product) => {
      client.setQueryData(adminProductKeys.detail(product.id), product);
      return client.invalidateQueries({ queryKey: adminProductKeys.lists() });
    },
  });
}

export function useUpdateProduct(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateProductBody) => apiClient.put<Product>(productPath(id), patch),
    onSuccess: (product) => {
      client.setQueryData(adminProductKeys.detail(product.id), product);
      return client.invalidateQueries({ queryKey: adminProductKeys.lists() });
    },
  });
}

/** Soft delete (to the Trash). */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<undefined>(productPath(id)),
    onSettled: () => invalidateProducts(client),
  });
}

export function useRestoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<Product>(`${productPath(id)}/restore`),
    onSettled: () => invalidateProducts(client),
  });
}

/** Permanent delete; a 409 means an order references the piece. */
export function useDeletePermanently() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<undefined>(`${productPath(id)}/permanent`),
    onSuccess: (_void, id) => client.removeQueries({ queryKey: adminProductKeys.detail(id) }),
    onSettled: () => invalidateProducts(client),
  });
}

export interface ImportRequest {
  file: File;
  mode: 'dry-run' | 'apply';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** CSV import: a dry run reports, apply writes every row or none (422 with the report). */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode, onProgress, signal }: ImportRequest) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress<ProductImportReport>(`/api/products/import?mode=${mode}`, form, { onProgress, signal });
    },
    onSuccess: (report) => {
      if (report.applied) return invalidateProducts(client);
      return undefined;
    },
  });
}

export interface ProductImageUpload {
  file: File;
  /** The folder under the default bucket (the back-office keeps photographs in their own). */
  folderPath: string;
  description?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** One photograph through POST /api/files/upload, with progress; the answer carries its WebP renditions. */
export function uploadProductImage({ file, folderPath, description = '', onProgress, signal }: ProductImageUpload): Promise<UploadedFile> {
  const form = new FormData();
  form.append('description', description.slice(0, 500));
  form.append('bucketName', UPLOAD_DEFAULT_BUCKET);
  form.append('folderPath', folderPath);
  form.append('file', file, file.name);
  return uploadWithProgress<UploadedFile>('/api/files/upload', form, { onProgress, signal });
}
