import { requestResponse, type QueryParams } from '../../../lib/api-client';
import { createCsvRecordCounter } from '../csv';
import { filterParams, type AdminProductFilter } from './admin-products.queries';

export interface ExportProgress {
  bytes: number;
  /** Data rows received (the header not counted). */
  rows: number;
  /** Rows the server announced (X-Total-Count), when it did. */
  totalRows: number | null;
}

export interface ExportRequest {
  filter: AdminProductFilter;
  q?: string;
  sort?: string;
  /** A selection: only these pieces. */
  ids?: readonly string[];
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

/** `attachment; filename="mirror-products-….csv"` → the name; a fallback otherwise. */
export function fileNameOf(disposition: string | null, fallback = 'mirror-products.csv'): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export function exportQuery({ filter, q, sort, ids }: Pick<ExportRequest, 'filter' | 'q' | 'sort' | 'ids'>): QueryParams {
  return {
    ...filterParams(filter),
    q: q?.trim() || undefined,
    sort,
    ids: ids && ids.length > 0 ? ids.join(',') : undefined,
  };
}

/**
 * The CSV of the current filter (or a selection), streamed by the API: read chunk by chunk so the
 * progress shows bytes and rows received, then handed back as one Blob with the server's file name.
 */
export async function downloadProductsCsv(request: ExportRequest): Promise<ExportedFile> {
  const response = await requestResponse('/api/products/export.csv', {
    query: exportQuery(request),
    headers: { Accept: 'text/csv' },
    signal: request.signal,
  });
  const totalHeader = response.headers.get('x-total-count');
  const totalRows = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  const counter = createCsvRecordCounter();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  // While streaming, only whole rows count; at the end a last row without a line break does too.
  const report = (isDone = false) =>
    request.onProgress?.({ bytes, rows: Math.max(0, (isDone ? counter.records : counter.completed) - 1), totalRows });
  report();
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      counter.push(decoder.decode(value, { stream: true }));
      report();
    }
    counter.push(decoder.decode());
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    chunks.push(buffer);
    bytes = buffer.byteLength;
    counter.push(new TextDecoder().decode(buffer));
  }
  report(true);
  return { blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName, rows: Math.max(0, counter.records - 1) };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
