import {
  CreateOrderBodySchema,
  ScheduleError,
  addMonths,
  planSchedule,
  type CreateOrderBody,
  type PaymentTerms,
  type PlannedItem,
  type Product,
} from '@mirror/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the new-order form holds. Amounts people type are in whole currency units; the body is in minor units. */
export interface OrderFormValues {
  customerMode: 'customer' | 'guest';
  customerId: string;
  guest: { name: string; email: string };
  lines: OrderFormLine[];
  terms: {
    type: PaymentTerms['type'];
    dueDate: string;
    depositPercent: number;
    balanceDueDate: string;
    installments: number;
    firstDueDate: string;
    intervalMonths: number;
  };
  notes: string;
}

export interface OrderFormLine {
  productId: string;
  quantity: number;
  /** The agreed price (whole units) for a piece priced on request; '' otherwise. */
  unitPrice: string;
}

/** What the form knows about each picked piece (for names, stock, prices and totals). */
export type PickedProduct = Pick<Product, 'id' | 'name' | 'sku' | 'price' | 'currency' | 'stockQuantity'>;

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function emptyOrderForm(today: string): OrderFormValues {
  return {
    customerMode: 'customer',
    customerId: '',
    guest: { name: '', email: '' },
    lines: [],
    terms: {
      type: 'FULL',
      dueDate: today,
      depositPercent: 30,
      balanceDueDate: addMonths(today, 1),
      installments: 3,
      firstDueDate: today,
      intervalMonths: 1,
    },
    notes: '',
  };
}

/** The payment terms as the API takes them, from the fields of the chosen type only. */
export function termsOf(terms: OrderFormValues['terms']): PaymentTerms {
  switch (terms.type) {
    case 'FULL':
      return { type: 'FULL', ...(terms.dueDate ? { dueDate: terms.dueDate } : {}) };
    case 'DEPOSIT_BALANCE':
      return { type: 'DEPOSIT_BALANCE', depositPercent: terms.depositPercent, balanceDueDate: terms.balanceDueDate };
    case 'INSTALLMENTS':
      return {
        type: 'INSTALLMENTS',
        installments: terms.installments,
        ...(terms.firstDueDate ? { firstDueDate: terms.firstDueDate } : {}),
        ...(terms.intervalMonths !== 1 ? { intervalMonths: terms.intervalMonths } : {}),
      };
  }
}

/** A typed price in whole units → minor units; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/[\s,€£$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** A line's unit price in minor units: the catalog's, else the typed one; null while unknown. */
export function unitPriceOf(line: OrderFormLine, product: PickedProduct | undefined): number | null {
  if (product?.price) return product.price.amount;
  return line.unitPrice.trim() ? parsePrice(line.unitPrice) : null;
}

export interface OrderTotals {
  /** Per line, null while its price is unknown. */
  lineTotals: (number | null)[];
  total: number;
  currency: string;
  /** More than one currency among the pieces: the API refuses such an order. */
  isMixedCurrency: boolean;
}

export function totalsOf(lines: readonly OrderFormLine[], products: ReadonlyMap<string, PickedProduct>): OrderTotals {
  const lineTotals = lines.map((line) => {
    const price = unitPriceOf(line, products.get(line.productId));
    const quantity = line.quantity;
    return price === null || !Number.isInteger(quantity) || quantity < 1 ? null : price * quantity;
  });
  const currencies = new Set(lines.map((l) => products.get(l.productId)?.currency).filter((c): c is string => Boolean(c)));
  return {
    lineTotals,
    total: lineTotals.reduce<number>((sum, t) => sum + (t ?? 0), 0),
    currency: [...currencies][0] ?? 'EUR',
    isMixedCurrency: currencies.size > 1,
  };
}

export type SchedulePreview = { items: PlannedItem[]; error: null } | { items: []; error: { field: string; message: string } };

/** The schedule the server will persist, from the same pure planner (packages/contract/src/schedule.ts). */
export function previewSchedule(total: number, terms: OrderFormValues['terms'], today: string): SchedulePreview {
  const parsed = CreateOrderBodySchema.shape.paymentTerms.safeParse(termsOf(terms));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { items: [], error: { field: `terms.${String(issue.path[0] ?? 'type')}`, message: issue.message } };
  }
  try {
    return { items: planSchedule(total, parsed.data!, today), error: null };
  } catch (error) {
    if (error instanceof ScheduleError) return { items: [], error: { field: `terms.${error.path}`, message: error.message } };
    throw error;
  }
}

/** The request body for the form's values. */
export function toCreateOrderBody(values: OrderFormValues, products: ReadonlyMap<string, PickedProduct>): CreateOrderBody {
  const body: CreateOrderBody = {
    lines: values.lines.map((line) => {
      const product = products.get(line.productId);
      const typed = product?.price ? null : parsePrice(line.unitPrice);
      return { productId: line.productId, quantity: line.quantity, ...(typed !== null ? { unitPrice: typed } : {}) };
    }),
    paymentTerms: termsOf(values.terms),
  };
  if (values.customerMode === 'guest') body.guest = { name: values.guest.name, email: values.guest.email };
  else if (values.customerId) body.customerId = values.customerId;
  if (values.notes.trim()) body.notes = values.notes;
  return body;
}

/**
 * Where a problem of the request body (the contract's path, or the server's `details[].path`) shows
 * on the form: `paymentTerms.x` → `terms.x`, `lines.2.quantity` stays on that line.
 */
export function formFieldOf(path: string): string {
  if (path.startsWith('paymentTerms.')) return `terms.${path.slice('paymentTerms.'.length)}`;
  if (path === 'paymentTerms') return 'terms.type';
  if (/^lines\.\d+\.(quantity|unitPrice|productId)$/.test(path)) return path.replace(/\.productId$/, '.quantity');
  if (path === 'lines') return 'lines';
  if (path.startsWith('guest.') || path === 'customerId' || path === 'notes') return path;
  if (path === 'guest') return 'guest.name';
  return '';
}

/** Sets `value` at a dotted path (arrays for numeric keys), keeping a problem already there: the first one wins. */
function setDeep(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (let i = 0; i < keys.length - 1; i += 1) {
    node[keys[i]!] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[keys[i]!] as Record<string, unknown>;
  }
  node[keys.at(-1)!] ??= value;
}

/**
 * react-hook-form resolver: the form's values become the API's body and are checked with the
 * contract's CreateOrderBodySchema (the same rules the server applies), plus what only the form
 * knows — a client must be chosen, a price on request needs a price, one currency per order.
 */
export function orderResolver(products: ReadonlyMap<string, PickedProduct>, today: string): Resolver<OrderFormValues> {
  return (values) => {
    const errors: Record<string, unknown> = {};
    const add = (field: string, message: string) => {
      if (field) setDeep(errors, field, { type: 'validate', message });
    };
    if (values.customerMode === 'customer' && !values.customerId) add('customerId', 'Choose a client, or order for a guest');
    values.lines.forEach((line, i) => {
      const product = products.get(line.productId);
      if (product && !product.price && parsePrice(line.unitPrice) === null) add(`lines.${i}.unitPrice`, 'Enter the agreed price');
    });
    if (totalsOf(values.lines, products).isMixedCurrency) add('lines', 'All pieces of an order must be priced in the same currency');
    const parsed = CreateOrderBodySchema.safeParse(toCreateOrderBody(values, products));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        add(formFieldOf(issue.path.join('.')), issue.message);
      }
    } else if (values.lines.length > 0) {
      const preview = previewSchedule(totalsOf(values.lines, products).total, values.terms, today);
      if (preview.error) add(preview.error.field, preview.error.message);
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<OrderFormValues> } : { values, errors: {} };
  };
}
