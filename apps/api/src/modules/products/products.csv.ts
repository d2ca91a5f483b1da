import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@mirror/contract';
import { AppError } from '../../lib/errors';
import type { ExportRow } from './products.repo';

// ---------------------------------------------------------------- writing

/** Cells a spreadsheet would run as a formula (or a DDE command) start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 cell; a cell a spreadsheet would read as a formula is prefixed with `'` (OWASP's advice). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (text === '') return text;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Written first so spreadsheet programs read the file as UTF-8 (names carry accents). */
export const UTF8_BOM = '\uFEFF';
export const CSV_HEADER = csvLine([...PRODUCT_CSV_COLUMNS]);

/** Ids, enums, numbers, booleans and ISO dates: their alphabets never need quoting or escaping. */
const plain = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** One product as a CSV line, in PRODUCT_CSV_COLUMNS order. Free text goes through `csvCell`. */
export function productCsvLine(row: ExportRow, categoryName: string): string {
  const fixed = row.price !== null;
  return (
    [
      csvCell(row.sku),
      csvCell(row.name),
      csvCell(row.slug),
      plain(row.status),
      plain(row.category_id),
      csvCell(categoryName),
      plain(row.metal),
      csvCell(row.gemstone_type),
      row.gemstone_carat_points === null ? '' : String(Number(row.gemstone_carat_points) / 100),
      csvCell(row.gemstone_cut),
      csvCell(row.gemstone_colour),
      csvCell(row.gemstone_clarity),
      csvCell(row.currency),
      plain(row.price),
      // A fixed price wins over a range (as the API shows it): a stale range is not exported.
      fixed ? '' : plain(row.price_min),
      fixed ? '' : plain(row.price_max),
      plain(row.stock_quantity),
      plain(row.is_featured),
      plain(row.vendor_id),
      plain(row.designer_id),
      csvCell(row.description),
      plain(row.updated_at),
    ].join(',') + '\r\n'
  );
}

/** `products-2026-11-23-101500.csv` (UTC), so successive exports sort by time. */
export function exportFileName(now: Date): string {
  const iso = now.toISOString();
  return `products-${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}.csv`;
}

// ---------------------------------------------------------------- reading

export interface CsvRecord {
  /** Line of the file where the record starts (header = 1). */
  line: number;
  /** Record number as a spreadsheet shows it (header = 1). */
  row: number;
  cells: string[];
}

/** A UTF-8 text file, or 415. NUL bytes or invalid UTF-8 mean a binary file or another encoding. */
function decodeText(file: Buffer): string {
  if (file.includes(0))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This is not a CSV file (it holds binary data). Export the sheet as "CSV UTF-8".');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not UTF-8 text. Save it as "CSV UTF-8 (comma delimited)" and try again.');
  }
}

/** Comma, or semicolon when the header uses it alone (spreadsheets in many European locales write `;`). */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

const unprocessable = (message: string, details?: { path: string; message: string }[]) => new AppError('UNPROCESSABLE', message, details);

/**
 * Parses the whole file (bounded by the upload limit) with csv-parse's streaming parser, fed in slices so
 * a large file does not hold the event loop. Fully empty lines are skipped; a malformed file (an unclosed
 * quote…) is a 422 naming the line.
 */
export async function readCsv(file: Buffer): Promise<{ header: string[]; records: CsvRecord[] }> {
  const text = decodeText(file).replace(/^\uFEFF/, '');
  if (text.trim() === '')
    throw unprocessable('The file is empty: it needs a header row and one row per piece.', [
      { path: 'header', message: 'Missing header row' },
    ]);
  const parser = parse({ delimiter: delimiterOf(text), info: true, relax_column_count: true, skip_empty_lines: true });
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < text.length; i += 256 * 1024) yield text.slice(i, i + 256 * 1024);
    })(),
    { objectMode: false },
  );
  const records: CsvRecord[] = [];
  let header: string[] | null = null;
  try {
    for await (const { record, info } of source.pipe(parser) as AsyncIterable<{
      record: string[];
      info: { lines: number; records: number };
    }>) {
      // `info.lines` is where the record ends: count back the line breaks inside its quoted cells.
      const breaks = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      if (!header) {
        header = record;
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      records.push({ line: info.lines - breaks, row: info.records, cells: record });
    }
  } catch (err) {
    const e = err as { code?: string; message?: string; lines?: number };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      const where = e.lines ? ` (line ${e.lines})` : '';
      throw unprocessable(`The file is not valid CSV${where}: ${(e.message ?? '').replace(/^.*?:\s*/, '')}`, [
        { path: e.lines ? `line ${e.lines}` : 'file', message: 'Not valid CSV' },
      ]);
    }
    throw err;
  }
  if (!header) throw unprocessable('The file has no header row.', [{ path: 'header', message: 'Missing header row' }]);
  return { header, records };
}

/** Columns describing the stone; they only mean something next to `stoneType`. */
export const STONE_DETAILS = ['carat', 'cut', 'colour', 'clarity'] as const;

export type ColumnIndex = Partial<Record<ProductCsvColumn, number>>;

const CANONICAL = new Map<string, ProductCsvColumn>(PRODUCT_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

/** Maps the header to known columns, or 422 naming every unknown, repeated and missing column. */
export function mapHeader(header: string[]): ColumnIndex {
  const index: ColumnIndex = {};
  const details: { path: string; message: string }[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim();
    const column = CANONICAL.get(name.toLowerCase());
    if (!column) details.push({ path: name || `column ${i + 1}`, message: 'Unknown column' });
    else if (index[column] !== undefined) details.push({ path: column, message: 'Column appears twice' });
    else index[column] = i;
  });
  const has = (c: ProductCsvColumn) => index[c] !== undefined;
  for (const c of ['sku', 'name', 'metalType'] as const) if (!has(c)) details.push({ path: c, message: 'Missing column' });
  if (!has('categoryId') && !has('category')) details.push({ path: 'categoryId', message: 'Missing column (give categoryId or category)' });
  if (!has('price') && !(has('priceMin') && has('priceMax')))
    details.push({ path: 'price', message: 'Missing column (give price, or priceMin and priceMax)' });
  if (!has('stoneType') && STONE_DETAILS.some(has))
    details.push({ path: 'stoneType', message: 'Missing column (carat, cut, colour and clarity describe the stone type)' });
  if (details.length) {
    const unknown = details.filter((d) => d.message === 'Unknown column').map((d) => d.path);
    const missing = details.filter((d) => d.message.startsWith('Missing')).map((d) => d.path);
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unknown.length ? `unknown ${unknown.join(', ')}` : '',
      details.some((d) => d.message === 'Column appears twice') ? 'repeated columns' : '',
    ];
    throw unprocessable(
      `The header row does not fit: ${parts.filter(Boolean).join('; ')}. Expected columns: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
      details,
    );
  }
  return index;
}

/** One row's cells, typed. `undefined`: the column is not in the file; `null`: the cell is blank. */
export interface CsvValues {
  sku?: string | null;
  name?: string | null;
  slug?: string | null;
  status?: string | null;
  categoryId?: string | null;
  category?: string | null;
  metalType?: string | null;
  stoneType?: string | null;
  carat?: number | null;
  cut?: string | null;
  colour?: string | null;
  clarity?: string | null;
  currency?: string | null;
  price?: number | null;
  priceMin?: number | null;
  priceMax?: number | null;
  stockQuantity?: number | null;
  isFeatured?: boolean | null;
  vendorId?: string | null;
  designerId?: string | null;
  description?: string | null;
  updatedAt?: string | null;
}

export interface CellError {
  column: ProductCsvColumn | null;
  reason: string;
}

const MINOR_UNITS = 'Not a whole number: prices are in minor units (cents), e.g. 125000 for 1,250.00';
const NUMBER_REASONS: Partial<Record<ProductCsvColumn, string>> = {
  carat: 'Not a number (use a dot for decimals, e.g. 1.52)',
  price: MINOR_UNITS,
  priceMin: MINOR_UNITS,
  priceMax: MINOR_UNITS,
  stockQuantity: 'Not a whole number',
};
const NUMBER_COLUMNS = new Set(Object.keys(NUMBER_REASONS) as ProductCsvColumn[]);
export const FORMULA_REASON =
  "Starts with =, +, - or @, which a spreadsheet runs as a formula. Remove the sign, or start the cell with an apostrophe (').";

/** Reads one record's cells: formula cells refused, our export's `'` escape undone, numbers and booleans typed. */
export function readValues(cells: string[], index: ColumnIndex): { values: CsvValues; errors: CellError[] } {
  const values: Record<string, unknown> = {};
  const errors: CellError[] = [];
  for (const column of PRODUCT_CSV_COLUMNS) {
    const i = index[column];
    if (i === undefined) continue;
    const raw = cells[i] ?? '';
    if (NUMBER_COLUMNS.has(column)) {
      const v = raw.trim();
      if (v === '') values[column] = null;
      else if (/^-\d/.test(v)) errors.push({ column, reason: 'Must not be negative' });
      else if (column === 'carat' ? !/^\d+(\.\d+)?$/.test(v) : !/^\d+$/.test(v))
        errors.push({ column, reason: NUMBER_REASONS[column] ?? 'Not a number' });
      else values[column] = Number(v);
      continue;
    }
    if (column === 'isFeatured') {
      const v = raw.trim().toLowerCase();
      if (v === '') values[column] = null;
      else if (['true', 'yes', '1'].includes(v)) values[column] = true;
      else if (['false', 'no', '0'].includes(v)) values[column] = false;
      else errors.push({ column, reason: 'Use true or false' });
      continue;
    }
    // Our export writes a formula-like text as '=…: that apostrophe is the escape, not part of the value.
    const escaped = /^'[=+\-@\t\r]/.test(raw);
    const v = (escaped ? raw.slice(1) : raw).trim();
    if (!escaped && /^[=+\-@]/.test(v)) {
      errors.push({ column, reason: FORMULA_REASON });
      continue;
    }
    values[column] = v === '' ? null : v;
  }
  return { values: values, errors };
}
