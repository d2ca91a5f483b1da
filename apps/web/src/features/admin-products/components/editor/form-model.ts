import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateProductBodySchema,
  UpdateProductBodySchema,
  type CreateProductBody,
  type ImageInput,
  type MetalType,
  type Product,
  type ProductStatus,
  type UpdateProductBody,
} from '@mirror/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { imageInputsOf, splitDefaultRender, type EditorImage } from './images';

/**
 * The product editor's form. People type money in major units ("24,500" euros) and the stock and
 * carats as text; the contract wants integer minor units and numbers. The form keeps what people
 * typed, `toBody` turns it into the request body, and the resolver validates that body with the
 * contract's own schema (so the rules are the server's), plus the few format checks a body cannot
 * express (an amount that is not a number never reaches the body).
 */
export type PriceMode = 'FIXED' | 'RANGE';
export type StoneMode = 'NONE' | 'STONE';

export interface EditorValues {
  name: string;
  slug: string;
  sku: string;
  description: string;
  categoryId: string;
  metalType: MetalType | '';
  stoneMode: StoneMode;
  gemstone: { type: string; carat: string; cut: string; colour: string; clarity: string };
  priceMode: PriceMode;
  price: string;
  priceMin: string;
  priceMax: string;
  currency: string;
  vendorId: string;
  designerId: string;
  status: ProductStatus;
  isFeatured: boolean;
  stockQuantity: string;
  images: EditorImage[];
}

export type EditorMode = 'create' | 'update';
export type ProductBody = CreateProductBody | UpdateProductBody;

/** Every top-level field the server may name in `details` (for applyServerErrors). */
export const EDITOR_FIELDS = [
  'name',
  'slug',
  'sku',
  'description',
  'categoryId',
  'metalType',
  'gemstone',
  'price',
  'priceMin',
  'priceMax',
  'currency',
  'vendorId',
  'designerId',
  'status',
  'isFeatured',
  'stockQuantity',
  'images',
] as const satisfies readonly (keyof EditorValues)[];

// ---------- Text ↔ values ----------

const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** "24,500" or "24500.5" (major units) → 2450050 minor units; null when blank, NaN when not an amount. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0€£$]/g, '');
  if (cleaned === '') return null;
  if (!AMOUNT.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  // String arithmetic: 0.1 + 0.2 style float errors never reach a price.
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2450050 → "24500.50"; 2450000 → "24500" (what the field shows for a saved price). */
export function amountText(minor: number | null | undefined): string {
  if (minor == null) return '';
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** "1.25" → 1.25 carats; null when blank, NaN when not a number with at most two decimals. */
export function parseCarat(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export function parseWholeNumber(text: string): number | null {
  const cleaned = text.trim().replace(/[\s,]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrUndefined = (value: number | null) => (value === null || Number.isNaN(value) ? undefined : value);

// ---------- Values ↔ product ----------

export function emptyValues(): EditorValues {
  return {
    name: '',
    slug: '',
    sku: '',
    description: '',
    categoryId: '',
    metalType: '',
    stoneMode: 'NONE',
    gemstone: { type: '', carat: '', cut: '', colour: '', clarity: '' },
    priceMode: 'FIXED',
    price: '',
    priceMin: '',
    priceMax: '',
    currency: 'EUR',
    vendorId: '',
    designerId: '',
    status: 'DRAFT',
    isFeatured: false,
    stockQuantity: '0',
    images: [],
  };
}

/** The form for a saved piece. Its generated studio render is not part of the form: see `splitDefaultRender`. */
export function valuesOf(product: Product): EditorValues {
  const { uploaded } = splitDefaultRender(product);
  return {
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    description: product.description,
    categoryId: product.categoryId,
    metalType: product.metalType,
    stoneMode: product.gemstone ? 'STONE' : 'NONE',
    gemstone: {
      type: product.gemstone?.type ?? '',
      carat: product.gemstone?.carat == null ? '' : String(product.gemstone.carat),
      cut: product.gemstone?.cut ?? '',
      colour: product.gemstone?.colour ?? '',
      clarity: product.gemstone?.clarity ?? '',
    },
    priceMode: product.price == null && product.priceRange ? 'RANGE' : 'FIXED',
    price: amountText(product.price?.amount),
    priceMin: amountText(product.priceRange?.min),
    priceMax: amountText(product.priceRange?.max),
    currency: product.currency,
    vendorId: product.vendorId,
    designerId: product.designerId ?? '',
    status: product.status,
    isFeatured: product.isFeatured,
    stockQuantity: String(product.stockQuantity),
    images: uploaded,
  };
}

export interface BodyContext {
  mode: EditorMode;
  /** The generated render saved with the piece: kept while no photograph replaces it. */
  defaultRender: readonly ImageInput[];
}

/** The request body for what the form holds (unparseable numbers are left out: the format check names them). */
export function toBody(values: EditorValues, { mode, defaultRender }: BodyContext): Record<string, unknown> {
  const isRange = values.priceMode === 'RANGE';
  const price = numberOrUndefined(parseAmount(values.price));
  const priceMin = numberOrUndefined(parseAmount(values.priceMin));
  const priceMax = numberOrUndefined(parseAmount(values.priceMax));
  const stone = values.gemstone;
  const body: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    sku: values.sku,
    categoryId: values.categoryId || undefined,
    metalType: values.metalType || undefined,
    gemstone:
      values.stoneMode === 'NONE'
        ? null
        : {
            type: stone.type,
            carat: numberOrUndefined(parseCarat(stone.carat)) ?? null,
            cut: blankToNull(stone.cut),
            colour: blankToNull(stone.colour),
            clarity: blankToNull(stone.clarity),
          },
    currency: values.currency,
    vendorId: values.vendorId || undefined,
    designerId: values.designerId || null,
    stockQuantity: numberOrUndefined(parseWholeNumber(values.stockQuantity)),
    isFeatured: values.isFeatured,
    status: values.status,
    images: (values.images.length > 0 ? imageInputsOf(values.images) : [...defaultRender]).map((image, index) => ({
      ...image,
      variant: index === 0 ? 'front' : `view-${index + 1}`,
    })),
  };
  // Blank slug: a new piece gets the server's (name + SKU); a saved one keeps its own.
  if (values.slug.trim() !== '') body.slug = values.slug.trim();
  if (isRange) {
    // On update, `price: null` is what turns a fixed price into a range.
    if (mode === 'update') body.price = null;
    body.priceMin = priceMin ?? null;
    body.priceMax = priceMax ?? null;
  } else {
    body.price = price ?? null;
    if (mode === 'create') {
      delete body.priceMin;
      delete body.priceMax;
    }
  }
  return body;
}

// ---------- Validation ----------

const amountHint = 'as a number, e.g. 24,500 or 24500.50';

/** What only the form can check: the text of numbers, and choices the contract leaves optional for a VENDOR. */
const FormatSchema = z
  .object({
    categoryId: z.string().min(1, 'Choose a category'),
    metalType: z.string().min(1, 'Choose the metal'),
    vendorId: z.string().min(1, 'Choose the vendor'),
    stockQuantity: z
      .string()
      .refine((text) => text.trim() !== '', 'Enter the stock (0 when there is none)')
      .refine((text) => text.trim() === '' || !Number.isNaN(parseWholeNumber(text)), 'Enter a whole number of pieces'),
    stoneMode: z.enum(['NONE', 'STONE']),
    gemstone: z.object({ carat: z.string() }),
    priceMode: z.enum(['FIXED', 'RANGE']),
    price: z.string(),
    priceMin: z.string(),
    priceMax: z.string(),
  })
  .superRefine((values, ctx) => {
    // Only the fields on show are checked: a hidden price or carat is not sent.
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (values.priceMode === 'FIXED') {
      if (values.price.trim() === '') problem(['price'], 'Enter the price');
      else if (Number.isNaN(parseAmount(values.price))) problem(['price'], `Enter the price ${amountHint}`);
    } else {
      if (values.priceMin.trim() === '') problem(['priceMin'], 'Enter the lowest price of the range');
      else if (Number.isNaN(parseAmount(values.priceMin))) problem(['priceMin'], `Enter the lowest price ${amountHint}`);
      if (values.priceMax.trim() === '') problem(['priceMax'], 'Enter the highest price of the range');
      else if (Number.isNaN(parseAmount(values.priceMax))) problem(['priceMax'], `Enter the highest price ${amountHint}`);
    }
    if (values.stoneMode === 'STONE' && Number.isNaN(parseCarat(values.gemstone.carat))) {
      problem(['gemstone', 'carat'], 'Enter carats as a number with up to two decimals, e.g. 1.25');
    }
  });

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value && 'message' in value;
}

/** Both error trees in one; where both name a field, the first (the format problem) wins. */
export function mergeErrors(first: FieldErrors, second: FieldErrors): FieldErrors {
  const merged: Record<string, unknown> = { ...second };
  for (const [key, value] of Object.entries(first)) {
    const other = merged[key];
    if (value && other && !isFieldError(value) && !isFieldError(other) && typeof value === 'object' && typeof other === 'object') {
      merged[key] = mergeErrors(value as FieldErrors, other);
    } else if (value) {
      merged[key] = value;
    }
  }
  return merged as FieldErrors;
}

/**
 * react-hook-form resolver: the format checks on the form, and the contract schema
 * (`CreateProductBodySchema` or `UpdateProductBodySchema`) on the body it makes. Submits the body.
 * The body's context comes as react-hook-form's resolver context (useForm's `context`, read at each validation).
 */
export function editorResolver(): Resolver<EditorValues, BodyContext, ProductBody> {
  const format = zodResolver(FormatSchema);
  const create = zodResolver(CreateProductBodySchema);
  const update = zodResolver(UpdateProductBodySchema);
  return async (values, bodyContext, options) => {
    if (!bodyContext) throw new Error('editorResolver needs useForm’s context: { mode, defaultRender }');
    const body = toBody(values, bodyContext);
    const contract = bodyContext.mode === 'create' ? create : update;
    const [formatResult, contractResult] = await Promise.all([
      format(values as never, undefined, options as never),
      contract(body as never, undefined, options as never),
    ]);
    const errors = mergeErrors(formatResult.errors, contractResult.errors);
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<EditorValues> };
    return { values: contractResult.values as ProductBody, errors: {} };
  };
}
