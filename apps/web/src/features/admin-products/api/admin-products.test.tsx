import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPage } from '@mirror/contract';
import { jsonResponse, mockFetch } from '../../../test/http';
import { downloadProductsCsv, fileNameOf, type ExportProgress } from './admin-products.export';
import { useSetStock } from './admin-products.mutations';
import { adminProductKeys, adminProductsListQuery, type AdminProductListParams } from './admin-products.queries';

const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../../../components/ui/toast', () => ({ showToast }));

const PIECE = { id: '5f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Étoile ring', stockQuantity: 3 } as Product;
const LIST: AdminProductListParams = { page: 0, size: 20, sort: 'updatedAt,desc' };

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const page: ProductPage = { content: [PIECE], page: 0, size: 20, totalElements: 1, totalPages: 1, nextCursor: null, prevCursor: null };
  client.setQueryData(adminProductKeys.list(LIST), page);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const stockInCache = () => client.getQueryData<ProductPage>(adminProductKeys.list(LIST))?.content[0]?.stockQuantity;
  return { client, wrapper, stockInCache };
}

afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockReset();
});

describe('useSetStock', () => {
  it('shows the change at once and rolls it back when the server refuses it (409)', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { client, wrapper, stockInCache } = setup();
    const { result } = renderHook(() => useSetStock(), { wrapper });

    act(() => result.current.mutate({ product: PIECE, body: { delta: -1 } }));
    await waitFor(() => expect(stockInCache()).toBe(2));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { delta: -1 } });
    expect(calls[0]!.url).toMatch(/\/api\/products\/5f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5\/stock$/);

    release(
      jsonResponse(409, { status: 409, code: 'INSUFFICIENT_STOCK', message: 'Only 0 in stock: the change would take stock below zero.' }),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Only 0 in stock: the change would take stock below zero.');
    expect(showToast).toHaveBeenCalledWith(
      'Stock of Étoile ring was not changed: Only 0 in stock: the change would take stock below zero.',
      'error',
    );
    // Rolled back, and the list marked stale so a shown table fetches the server's figure.
    expect(stockInCache()).toBe(3);
    await waitFor(() => expect(client.getQueryState(adminProductKeys.list(LIST))?.isInvalidated).toBe(true));
  });

  it('undoes only the failed click when several are in flight', async () => {
    const pending: ((r: Response) => void)[] = [];
    mockFetch((call) =>
      call.method === 'PUT' ? new Promise<Response>((resolve) => pending.push(resolve)) : new Promise<Response>(() => undefined),
    );
    const { wrapper, stockInCache } = setup();
    const { result } = renderHook(() => useSetStock(), { wrapper });

    act(() => result.current.mutate({ product: PIECE, body: { delta: 1 } }));
    await waitFor(() => expect(stockInCache()).toBe(4));
    act(() => result.current.mutate({ product: PIECE, body: { delta: 1 } }));
    await waitFor(() => expect(stockInCache()).toBe(5));
    await waitFor(() => expect(pending).toHaveLength(2));

    pending[0]!(jsonResponse(500, { message: 'Boom' }));
    await waitFor(() => expect(stockInCache()).toBe(4));
    // The first click's refusal is said although a later click is the hook's latest call.
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast.mock.calls[0]![0]).toMatch(/^Stock of Étoile ring was not changed: /);
    expect(showToast.mock.calls[0]![1]).toBe('error');
    pending[1]!(jsonResponse(200, { ...PIECE, stockQuantity: 4 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(stockInCache()).toBe(4);
  });

  it('puts a typed quantity back when it fails', async () => {
    mockFetch((call) =>
      call.method === 'PUT' ? jsonResponse(400, { message: 'Quantity cannot be negative' }) : new Promise<Response>(() => undefined),
    );
    const { wrapper, stockInCache } = setup();
    const { result } = renderHook(() => useSetStock(), { wrapper });
    act(() => result.current.mutate({ product: PIECE, body: { quantity: 12 } }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(stockInCache()).toBe(3);
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('downloadProductsCsv', () => {
  it('streams the file, reporting bytes and rows, and names it as the server does', async () => {
    const chunks = ['\uFEFFsku,name,description\r\nA-1,Étoile,"two\r\nlines"\r\n', 'B-2,Lune,plain\r\nC-', '3,Soleil,x\r\n'];
    const { calls } = mockFetch(
      () =>
        new Response(streamOf(chunks), {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="mirror-products-20261123.csv"',
            'x-total-count': '3',
          },
        }),
    );
    const progress: ExportProgress[] = [];
    const file = await downloadProductsCsv({
      filter: { metalType: 'PLATINUM', isTrash: false },
      sort: 'sku,asc',
      ids: ['a', 'b'],
      onProgress: (p) => progress.push(p),
    });

    expect(file.fileName).toBe('mirror-products-20261123.csv');
    expect(file.rows).toBe(3);
    expect(Array.from(new Uint8Array(await file.blob.arrayBuffer()))).toEqual(Array.from(new TextEncoder().encode(chunks.join(''))));
    expect(progress.at(-1)).toEqual({ bytes: new TextEncoder().encode(chunks.join('')).byteLength, rows: 3, totalRows: 3 });
    expect(progress.map((p) => p.rows)).toEqual([0, 1, 2, 3, 3]);
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/products/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ metalType: 'PLATINUM', sort: 'sku,asc', ids: 'a,b' });
  });

  it('fails with the server message before any byte is saved', async () => {
    mockFetch(() => jsonResponse(403, { status: 403, message: 'You do not have access to this.' }));
    await expect(downloadProductsCsv({ filter: {} })).rejects.toThrow('You do not have access to this.');
  });

  it('reads the file name from either form of Content-Disposition', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''pi%C3%A8ces.csv")).toBe('pièces.csv');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBe('mirror-products.csv');
  });
});

describe('adminProductsListQuery', () => {
  it('reads a page past the offset window by its cursor, and a search by number', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { content: [], page: 0, size: 20, totalElements: 0, totalPages: 0, nextCursor: null, prevCursor: null }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.query(adminProductsListQuery({ page: 600, size: 20, sort: 'price,desc', status: 'DRAFT', after: 'c-after' }));
    await client.query(adminProductsListQuery({ page: 600, size: 20, sort: 'price,desc', before: 'c-before' }));
    await client.query(adminProductsListQuery({ page: 3, size: 20, q: 'aube' }));
    const [after, before, search] = calls.map((c) => new URL(c.url, 'http://x'));
    expect(after!.pathname).toBe('/api/products');
    expect(Object.fromEntries(after!.searchParams)).toMatchObject({
      page: '600',
      size: '20',
      sort: 'price,desc',
      status: 'DRAFT',
      after: 'c-after',
    });
    expect(Object.fromEntries(before!.searchParams)).toMatchObject({ page: '600', before: 'c-before' });
    expect(before!.searchParams.has('after')).toBe(false);
    expect(search!.pathname).toBe('/api/products/search');
    expect(Object.fromEntries(search!.searchParams)).toEqual({ q: 'aube', page: '3', size: '20' });
  });
});
