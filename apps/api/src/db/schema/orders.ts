import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PAYMENT_METHODS, type PaymentTerms } from '@mirror/contract';
import { users } from './users';
import { products, vendors } from './catalog';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in minor units; bigint so that order totals cannot overflow, read back as JS numbers. */
const money = (name: string) => bigint(name, { mode: 'number' });

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    status: orderStatus('status').notNull().default('PENDING'),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    currency: text('currency').notNull(),
    total: money('total').notNull(),
    paidAmount: money('paid_amount').notNull().default(0),
    paymentTerms: jsonb('payment_terms').$type<PaymentTerms>().notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The amount range and the sort by total of the back-office table.
    index('orders_total_idx').on(t.total, t.id),
    // The back-office finds an order by number, client name or email (`q`): one trigram index over all three.
    index('orders_search_trgm_idx').using('gin', sql`(${t.number} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail}) gin_trgm_ops`),
    check('orders_paid_within_total', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.total}`),
  ],
);

/** Name, SKU and price are copied at order time: later catalog edits never rewrite an order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // NO ACTION (not RESTRICT): the violation is SQLSTATE 23503 like every other foreign key.
    productId: uuid('product_id').references(() => products.id),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_vendor_idx').on(t.vendorId, t.orderId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    note: text('note'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

export const paymentScheduleItems = pgTable(
  'payment_schedule_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    label: text('label').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    paidAmount: money('paid_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_schedule_order_seq_uq').on(t.orderId, t.sequence),
    index('payment_schedule_due_idx').on(t.dueDate, t.id),
    // What is still owed, by due date (overdue and due-soon figures): paid items leave the index.
    index('payment_schedule_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.paidAmount} < ${t.amount}`),
    check('payment_schedule_paid_within_amount', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    scheduleItemId: uuid('schedule_item_id')
      .notNull()
      .references(() => paymentScheduleItems.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    method: paymentMethod('method').notNull(),
    reference: text('reference'),
    /** The day the money came in (a transfer may be recorded days later); `created_at` is when it was recorded. */
    receivedOn: date('received_on', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
    /** Idempotency-Key header and a hash of the request it came with (same key + other body → 422). */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The answer given to the first request, replayed verbatim for a repeated Idempotency-Key. */
    response: jsonb('response'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // Payments received per month (the back-office overview) read a date range.
    index('payments_created_idx').on(t.createdAt),
    index('payments_schedule_idx').on(t.scheduleItemId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ScheduleItemRow = typeof paymentScheduleItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
