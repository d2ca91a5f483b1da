import type { AuditAction, AuditChange, AuditEntityType, AuditEvent } from '@mirror/contract';
import { paths, to } from '../../config/routes';
import { formatCount, formatMoney, formatShortDate, humanize } from '../../lib/format';

/** What the record types are called in the back-office. */
export const ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  PRODUCT: 'Piece',
  COLLECTION: 'Collection',
  CATEGORY: 'Category',
  COMPONENT: 'Component',
  COMPONENT_OPTIONAL: 'Optional',
  USER: 'User',
  ORDER: 'Order',
  DESIGNER: 'Designer',
  VENDOR: 'Vendor',
  LOCATION: 'Location',
  SUBMISSION: 'Submission',
  EMAIL: 'Email',
};

/** Records that go to a Trash on delete (the others are deleted for good). */
const HAS_TRASH: ReadonlySet<AuditEntityType> = new Set(['PRODUCT', 'COLLECTION', 'LOCATION']);

const ACTION_WORDS: Record<AuditAction, string> = {
  CREATE: 'Created',
  UPDATE: 'Edited',
  DELETE: 'Deleted',
  RESTORE: 'Restored from the Trash',
  PURGE: 'Deleted permanently',
  STATUS: 'Changed the status',
  ROLE: 'Changed the role',
  STOCK: 'Changed the stock',
  FEATURE: 'Changed featuring',
  IMPORT: 'Imported from a CSV file',
  PAYMENT: 'Recorded a payment',
  PAYMENT_TERMS: 'Changed the payment terms',
  ADD_MEMBER: 'Added a piece',
  REMOVE_MEMBER: 'Removed a piece',
  REORDER: 'Reordered the pieces',
  HERO: 'Changed the hero piece',
  NOTE: 'Added a note',
  RETRY: 'Sent again',
};

/** The action in words: 'Moved to the Trash', 'Changed the role'. */
export function actionWords(event: Pick<AuditEvent, 'action' | 'entityType'>): string {
  if (event.action === 'DELETE' && HAS_TRASH.has(event.entityType)) return 'Moved to the Trash';
  return ACTION_WORDS[event.action];
}

/** The record's page in the back-office, or null when there is none to open (deleted for good). */
export function recordLink(event: Pick<AuditEvent, 'action' | 'entityType' | 'entityId' | 'entityLabel'>): string | null {
  if (event.action === 'PURGE' || (event.action === 'DELETE' && !HAS_TRASH.has(event.entityType) && event.entityType !== 'USER'))
    return null;
  const id = event.entityId;
  switch (event.entityType) {
    case 'PRODUCT':
      return to.adminProduct(id);
    case 'COLLECTION':
      return to.adminCollection(id);
    case 'ORDER':
      return to.adminOrder(id);
    case 'DESIGNER':
      return to.adminDesigner(id);
    case 'VENDOR':
      return to.adminVendor(id);
    case 'LOCATION':
      return to.adminLocation(id);
    case 'SUBMISSION':
      return to.adminSubmission(id);
    case 'USER':
      return `${paths.adminUsers}?q=${encodeURIComponent(event.entityLabel)}`;
    case 'CATEGORY':
      return `${paths.adminTaxonomy}?category=${encodeURIComponent(id)}`;
    case 'COMPONENT':
    case 'COMPONENT_OPTIONAL':
      return paths.adminTaxonomy;
    case 'EMAIL':
      return paths.adminEmails;
  }
}

const FIELD_LABELS: Record<string, string> = {
  sku: 'SKU',
  metal: 'Metal',
  metalType: 'Metal',
  gemstoneType: 'Stone',
  gemstoneCaratPoints: 'Carat',
  gemstoneCut: 'Cut',
  gemstoneColour: 'Colour',
  gemstoneClarity: 'Clarity',
  priceMin: 'Lowest price',
  priceMax: 'Highest price',
  priceDelta: 'Price difference',
  stockQuantity: 'Stock',
  isFeatured: 'Featured',
  isActive: 'Active',
  isAppointmentBookable: 'Appointments',
  isHero: 'Hero',
  categoryId: 'Category',
  componentId: 'Component',
  vendorId: 'Vendor',
  designerId: 'Designer',
  userId: 'Account',
  customerId: 'Client',
  deletedAt: 'In the Trash since',
  paidAmount: 'Paid',
  paymentTerms: 'Payment terms',
  receivedOn: 'Received on',
  statusChangedAt: 'Status changed',
  decisionEmailId: 'Decision email',
  nextAttemptAt: 'Next attempt',
  lastError: 'Last error',
  coverImage: 'Cover image',
  openingHours: 'Opening hours',
  countryCode: 'Country code',
  displayName: 'Name',
  createdBy: 'Created by',
};

/** 'stockQuantity' → 'Stock', 'brandName' → 'Brand name'. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? humanize(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2'));
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CONSTANT = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isMoney = (v: unknown): v is { amount: number; currency: string } =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as { amount?: unknown }).amount === 'number' &&
  typeof (v as { currency?: unknown }).currency === 'string' &&
  Object.keys(v).length === 2;

function paymentTerms(v: Record<string, unknown>): string | null {
  if (v.type === 'FULL') return 'Paid in full';
  if (v.type === 'INSTALLMENTS' && typeof v.installments === 'number') return `${v.installments} instalments`;
  if (v.type === 'DEPOSIT_BALANCE' && typeof v.depositPercent === 'number')
    return `${v.depositPercent}% deposit, balance${typeof v.balanceDueDate === 'string' ? ` by ${formatShortDate(v.balanceDueDate)}` : ''}`;
  return null;
}

/** Codes printed as they are, never put into words. */
const VERBATIM: ReadonlySet<string> = new Set([
  'sku',
  'code',
  'number',
  'currency',
  'countryCode',
  'postalCode',
  'timezone',
  'phone',
  'categoryId',
  'componentId',
  'vendorId',
  'designerId',
  'customerId',
  'userId',
  'createdBy',
]);

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One recorded value as a person reads it: money as '€24,500', dates '23 Nov 2026', YES/NO, constants in words. */
export function formatValue(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isMoney(value)) return formatMoney(value.amount, value.currency);
  if (typeof value === 'number') {
    if (field === 'gemstoneCaratPoints') return `${value / 100} ct`;
    if (field === 'priceDelta') return formatMoney(value, 'EUR');
    return formatCount(value);
  }
  if (typeof value === 'string') {
    if (ISO_DATE_TIME.test(value) || ISO_DATE.test(value)) return formatShortDate(value);
    if (CONSTANT.test(value) && value.length > 1 && !VERBATIM.has(field)) return humanize(value);
    if (UUID.test(value)) return `#${value.slice(0, 8)}`;
    return clip(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const shown = value.slice(0, 4).map((v) => formatValue(v, field));
    return value.length > 4 ? `${shown.join(', ')} and ${value.length - 4} more` : shown.join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (field === 'paymentTerms') {
      const terms = paymentTerms(record);
      if (terms) return terms;
    }
    return clip(
      Object.entries(record)
        .map(([k, v]) => `${fieldLabel(k)} ${formatValue(v, k)}`)
        .join(', '),
    );
  }
  // A recorded value is JSON, which has no other kind; a bigint or symbol would print as itself.
  return typeof value === 'bigint' || typeof value === 'symbol' ? value.toString() : '—';
}

export interface ChangeLine {
  field: string;
  label: string;
  /** null when the field had no value before (a creation, a note, a payment). */
  from: string | null;
  to: string;
}

/** The event's changes as lines 'Price: €1,500 → €1,820' (a new value alone when there was none). */
export function changeLines(changes: Record<string, AuditChange>): ChangeLine[] {
  return Object.entries(changes).map(([field, c]) => ({
    field,
    label: fieldLabel(field),
    from: c.from === null || c.from === undefined ? null : formatValue(c.from, field),
    to: formatValue(c.to, field),
  }));
}

/** One line of text for a change: 'Price: €1,500 → €1,820', 'Note: Client called'. */
export function changeText(line: ChangeLine): string {
  return line.from === null ? `${line.label}: ${line.to}` : `${line.label}: ${line.from} → ${line.to}`;
}
