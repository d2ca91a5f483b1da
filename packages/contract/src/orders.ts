import { z } from 'zod';
import { ImageSchema } from './catalog';
import { pageSchema, PageQuerySchema, sortParam, booleanQuery } from './common';

export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED', 'COMPLETED', 'CANCELLED'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The order lifecycle. CANCELLED is reachable from every state before SHIPPED and returns the stock. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['IN_PRODUCTION', 'CANCELLED'],
  IN_PRODUCTION: ['READY', 'CANCELLED'],
  READY: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
};

export const PAYMENT_TERM_TYPES = ['FULL', 'DEPOSIT_BALANCE', 'INSTALLMENTS'] as const;
export const PaymentTermTypeSchema = z.enum(PAYMENT_TERM_TYPES);

export const SCHEDULE_STATUSES = ['PENDING', 'PARTIALLY_PAID', 'PAID', 'OVERDUE'] as const;
export const ScheduleStatusSchema = z.enum(SCHEDULE_STATUSES);
export type ScheduleStatus = z.infer<typeof ScheduleStatusSchema>;

/**
 * Where an order stands with its money, for the back-office table. PAID: paid_amount ≥ total. OVERDUE:
 * not paid and some schedule item is unpaid past its due date (UTC) — it wins over PARTLY_PAID.
 * PARTLY_PAID: something paid, nothing overdue. UNPAID: nothing paid, nothing overdue. A cancelled order
 * owes nothing, so it is never OVERDUE (and has no next due date).
 */
export const PAYMENT_STATES = ['UNPAID', 'PARTLY_PAID', 'PAID', 'OVERDUE'] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/** A schedule item's state as the Payments screen filters it: due (unpaid, not late), paid, overdue. */
export const SCHEDULE_STATES = ['due', 'paid', 'overdue'] as const;
export const ScheduleStateSchema = z.enum(SCHEDULE_STATES);

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER', 'CASH', 'CHEQUE', 'OTHER'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

const DateOnlySchema = z.iso.date('Use a date such as 2026-12-31');

export const PaymentTermsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FULL'), dueDate: DateOnlySchema.optional() }).strict(),
  z
    .object({
      type: z.literal('DEPOSIT_BALANCE'),
      depositPercent: z.number().int('Use a whole percentage').min(1, 'Deposit is 1–99 %').max(99, 'Deposit is 1–99 %'),
      balanceDueDate: DateOnlySchema,
    })
    .strict(),
  z
    .object({
      type: z.literal('INSTALLMENTS'),
      installments: z.number().int().min(2, 'At least 2 instalments').max(36, 'At most 36 instalments'),
      firstDueDate: DateOnlySchema.optional(),
      /** Months between two instalments (1 when omitted: monthly). */
      intervalMonths: z.number().int('Use whole months').min(1, 'Every 1–12 months').max(12, 'Every 1–12 months').optional(),
    })
    .strict(),
]);
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

export const OrderLineSchema = z.object({
  id: z.uuid(),
  productId: z.uuid().nullable(),
  vendorId: z.uuid().nullable(),
  sku: z.string(),
  productName: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A line on the order's own page: the piece's first image and, for ADMIN, its stock now (null for others or a deleted piece). */
export const OrderDetailLineSchema = OrderLineSchema.extend({ image: ImageSchema.nullable(), stockQuantity: z.number().int().nullable() });
export type OrderDetailLine = z.infer<typeof OrderDetailLineSchema>;

export const ScheduleItemSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  sequence: z.number().int(),
  label: z.string(),
  dueDate: z.string(),
  amount: z.number().int(),
  paidAmount: z.number().int(),
  remaining: z.number().int(),
  currency: z.string(),
  status: ScheduleStatusSchema,
});
export type ScheduleItem = z.infer<typeof ScheduleItemSchema>;

/** A schedule item across orders (the Payments screen and its CSV): the item plus who owes it. */
export const ScheduleEntrySchema = ScheduleItemSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  orderStatus: OrderStatusSchema,
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;
export const ScheduleEntryPageSchema = pageSchema(ScheduleEntrySchema);
export type ScheduleEntryPage = z.infer<typeof ScheduleEntryPageSchema>;

export const PaymentSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  scheduleItemId: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  method: PaymentMethodSchema,
  reference: z.string().nullable(),
  /** The day the money was received (may be before the day it was recorded). */
  receivedOn: z.string(),
  recordedBy: z.uuid().nullable(),
  recordedByUsername: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const OrderHistoryEntrySchema = z.object({
  id: z.uuid(),
  fromStatus: OrderStatusSchema.nullable(),
  toStatus: OrderStatusSchema,
  note: z.string().nullable(),
  changedBy: z.uuid().nullable(),
  changedByUsername: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: OrderStatusSchema,
  customerId: z.uuid().nullable(),
  /** The client's name and address; null for a VENDOR, which never sees who ordered (issue 11). */
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  currency: z.string(),
  /** Sum of the lines visible to the caller (a vendor sees only its own lines). */
  subtotal: z.number().int(),
  total: z.number().int(),
  paidAmount: z.number().int(),
  isPaidInFull: z.boolean(),
  /** See PAYMENT_STATES; null for a VENDOR (the order's money is the house's). */
  paymentState: PaymentStateSchema.nullable(),
  /** The earliest due date of an unpaid schedule item (may be past: overdue); null when paid, cancelled, or for a VENDOR. */
  nextDueDate: z.string().nullable(),
  /** Pieces on the lines the caller sees (sum of quantities). */
  pieceCount: z.number().int(),
  paymentTerms: PaymentTermsSchema,
  notes: z.string().nullable(),
  lines: z.array(OrderDetailLineSchema),
  schedule: z.array(ScheduleItemSchema),
  /** Payments in the order they were recorded; empty for a VENDOR. */
  payments: z.array(PaymentSchema),
  history: z.array(OrderHistoryEntrySchema),
  allowedTransitions: z.array(OrderStatusSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderSummarySchema = OrderSchema.omit({ schedule: true, payments: true, history: true, allowedTransitions: true }).extend({
  lines: z.array(OrderLineSchema),
  lineCount: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderPageSchema = pageSchema(OrderSummarySchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const CreateOrderBodySchema = z
  .object({
    /** ADMIN only: order on behalf of this user. Others always order for themselves. */
    customerId: z.uuid().optional(),
    /** ADMIN only: an order for a client without an account. */
    guest: z
      .object({
        name: z.string().trim().min(1, 'Enter the client’s name').max(120),
        email: z.string().trim().max(254).pipe(z.email('Enter a valid email address')),
      })
      .strict()
      .optional(),
    lines: z
      .array(
        z
          .object({
            productId: z.uuid(),
            quantity: z.number().int('Quantity must be a whole number').min(1, 'At least 1').max(100, 'At most 100'),
            /** ADMIN only: the agreed price for price-on-request or made-to-order pieces. */
            unitPrice: z.number().int().min(0).max(2_000_000_000).optional(),
          })
          .strict(),
      )
      .min(1, 'Add at least one piece')
      .max(50, 'At most 50 lines'),
    paymentTerms: PaymentTermsSchema.optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .strict();
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const OrderStatusBodySchema = z.object({ status: OrderStatusSchema, note: z.string().trim().max(500).optional() }).strict();
export type OrderStatusBody = z.infer<typeof OrderStatusBodySchema>;

export const RecordPaymentBodySchema = z
  .object({
    amount: z.number().int('Use whole minor units (cents)').positive('The amount must be more than 0').max(2_000_000_000),
    method: PaymentMethodSchema,
    reference: z.string().trim().max(120).optional(),
    /** The day the money was received: today when omitted; never in the future (UTC). */
    receivedOn: DateOnlySchema.optional(),
  })
  .strict();
export type RecordPaymentBody = z.infer<typeof RecordPaymentBodySchema>;

export const PaymentResultSchema = z.object({ payment: PaymentSchema, scheduleItem: ScheduleItemSchema, order: OrderSchema });
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'status', 'number'] as const;
const AmountQuery = z.coerce.number().int('Use whole minor units (cents)').min(0).max(1e13);

/** The list's filters, shared by the list and its facets (status tabs and payment-state counts). */
export const OrderFilterQuerySchema = z.object({
  /** `current-user`: the caller's own orders. */
  filter: z.literal('current-user').optional(),
  status: OrderStatusSchema.optional(),
  /** ADMIN and the ordering client only (a VENDOR gets 403). */
  paymentState: PaymentStateSchema.optional(),
  customerId: z.uuid().optional(),
  vendorId: z.uuid().optional(),
  /** Placed on or after (a date means its start, UTC). */
  from: z.iso.datetime({ offset: true }).or(DateOnlySchema).optional(),
  /** Placed on or before (a date means its end, UTC). */
  to: z.iso.datetime({ offset: true }).or(DateOnlySchema).optional(),
  /** Order total in minor units, inclusive (a VENDOR gets 403: the total includes others' lines). */
  minTotal: AmountQuery.optional(),
  maxTotal: AmountQuery.optional(),
  paid: booleanQuery.optional(),
  q: z.string().trim().min(1).max(100).optional(),
});

function refineRanges(
  q: { from?: string | undefined; to?: string | undefined; minTotal?: number | undefined; maxTotal?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const start = (v: string) => Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
  if (q.from && q.to && start(q.from) > start(q.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from"' });
  if (q.minTotal !== undefined && q.maxTotal !== undefined && q.minTotal > q.maxTotal) {
    ctx.addIssue({ code: 'custom', path: ['maxTotal'], message: 'maxTotal must not be below minTotal' });
  }
}

export const OrderListQuerySchema = PageQuerySchema.extend({ sort: sortParam(ORDER_SORT_FIELDS, 'createdAt,desc') })
  .extend(OrderFilterQuerySchema.shape)
  .superRefine(refineRanges);
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderFacetsQuerySchema = OrderFilterQuerySchema.superRefine(refineRanges);
export type OrderFacetsQuery = z.infer<typeof OrderFacetsQuerySchema>;

/**
 * Counts for the orders table's tabs. Each facet follows every filter but its own: `byStatus` ignores
 * `status`, `byPaymentState` ignores `paymentState`. `total` is the "All" tab (the sum of byStatus).
 * `byPaymentState` is null for a VENDOR.
 */
export const OrderFacetsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(OrderStatusSchema, z.number().int()),
  byPaymentState: z.record(PaymentStateSchema, z.number().int()).nullable(),
});
export type OrderFacets = z.infer<typeof OrderFacetsSchema>;

/** Schedule items across orders (cancelled orders left out), by due date then id. */
export const ScheduleFilterQuerySchema = z.object({
  /** Due on or after / on or before (dates, inclusive). */
  dueFrom: DateOnlySchema.optional(),
  dueTo: DateOnlySchema.optional(),
  /** due: unpaid and not yet late; paid; overdue: unpaid past its due date (UTC today). */
  state: ScheduleStateSchema.optional(),
  overdue: booleanQuery.optional(),
  status: ScheduleStatusSchema.optional(),
  /** Part of the order number, client name or email. */
  q: z.string().trim().min(1).max(100).optional(),
});
const refineDueRange = (q: { dueFrom?: string | undefined; dueTo?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.dueFrom && q.dueTo && q.dueFrom > q.dueTo)
    ctx.addIssue({ code: 'custom', path: ['dueTo'], message: 'dueTo must not be before dueFrom' });
};
export const ScheduleQuerySchema = PageQuerySchema.extend(ScheduleFilterQuerySchema.shape).superRefine(refineDueRange);
export type ScheduleQuery = z.infer<typeof ScheduleQuerySchema>;
export const ScheduleExportQuerySchema = ScheduleFilterQuerySchema.superRefine(refineDueRange);
export type ScheduleFilterQuery = z.infer<typeof ScheduleFilterQuerySchema>;

/** Columns of GET /api/orders/payment-schedule/export.csv, in order. Money in integer minor units. */
export const SCHEDULE_CSV_COLUMNS = [
  'orderNumber',
  'orderStatus',
  'customerName',
  'customerEmail',
  'sequence',
  'label',
  'dueDate',
  'currency',
  'amount',
  'paidAmount',
  'remaining',
  'status',
] as const;

/** Per due month (UTC) and currency, following the schedule list's filters: what falls due, what is paid, what is late. */
export const ScheduleMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  currency: z.string(),
  itemCount: z.number().int(),
  amount: z.number().int(),
  paidAmount: z.number().int(),
  remaining: z.number().int(),
  /** The part of `remaining` already past due. */
  overdue: z.number().int(),
});
export type ScheduleMonth = z.infer<typeof ScheduleMonthSchema>;
export const ScheduleSummarySchema = z.object({ asOf: DateOnlySchema, months: z.array(ScheduleMonthSchema) });
export type ScheduleSummary = z.infer<typeof ScheduleSummarySchema>;

export const OrderScheduleParamsSchema = z.object({ id: z.uuid(), scheduleId: z.uuid() });

// ---------- Back-office statistics ----------
/** Amount in integer minor units of `currency`. */
const CurrencyAmountSchema = z.object({ currency: z.string(), amount: z.number().int() });

/**
 * One calendar month (UTC). `ordersTotal`: totals of the orders placed in the month that are not
 * cancelled (what Shopify reports as sales, by order date). `paymentsReceived`: payments recorded in the
 * month, whenever the order was placed (cash in). Both list every currency of the report, zero-filled.
 */
export const OrderMonthFiguresSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  orderCount: z.number().int(),
  ordersTotal: z.array(CurrencyAmountSchema),
  paymentsReceived: z.array(CurrencyAmountSchema),
});
export type OrderMonthFigures = z.infer<typeof OrderMonthFiguresSchema>;

/** Unpaid schedule items of orders that are not cancelled: how many, and what is still owed per currency. */
export const InstalmentFiguresSchema = z.object({ count: z.number().int(), outstanding: z.array(CurrencyAmountSchema) });
export type InstalmentFigures = z.infer<typeof InstalmentFiguresSchema>;

export const OrderStatisticsSchema = z.object({
  /** The UTC date the figures were computed for. */
  asOf: DateOnlySchema,
  /** Every currency that appears in the figures below, sorted; each money list has one entry per currency. */
  currencies: z.array(z.string()),
  total: z.number().int(),
  byStatus: z.record(OrderStatusSchema, z.number().int()),
  revenue: z.object({ thisMonth: OrderMonthFiguresSchema, lastMonth: OrderMonthFiguresSchema }),
  /** The last 12 months, oldest first, the current month last; months without orders are present with zeros. */
  revenueByMonth: z.array(OrderMonthFiguresSchema),
  instalments: z.object({
    /** Due from today to today + 30 days, inclusive. */
    dueNext30Days: InstalmentFiguresSchema,
    /** Due before today. */
    overdue: InstalmentFiguresSchema,
  }),
});
export type OrderStatistics = z.infer<typeof OrderStatisticsSchema>;
