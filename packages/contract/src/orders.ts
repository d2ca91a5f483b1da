import { z } from 'zod';
import { pageSchema, PageQuerySchema, sortParam } from './common';

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
export const ScheduleItemPageSchema = pageSchema(ScheduleItemSchema);

export const PaymentSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  scheduleItemId: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  method: PaymentMethodSchema,
  reference: z.string().nullable(),
  recordedBy: z.uuid().nullable(),
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

export const OrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: OrderStatusSchema,
  customerId: z.uuid().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  currency: z.string(),
  /** Sum of the lines visible to the caller (a vendor sees only its own lines). */
  subtotal: z.number().int(),
  total: z.number().int(),
  paidAmount: z.number().int(),
  isPaidInFull: z.boolean(),
  paymentTerms: PaymentTermsSchema,
  notes: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  schedule: z.array(ScheduleItemSchema),
  history: z.array(OrderHistoryEntrySchema),
  allowedTransitions: z.array(OrderStatusSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderSummarySchema = OrderSchema.omit({ schedule: true, history: true, allowedTransitions: true }).extend({
  lineCount: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderPageSchema = pageSchema(OrderSummarySchema);

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
  })
  .strict();
export type RecordPaymentBody = z.infer<typeof RecordPaymentBodySchema>;

export const PaymentResultSchema = z.object({ payment: PaymentSchema, scheduleItem: ScheduleItemSchema, order: OrderSchema });
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'status', 'number'] as const;
export const OrderListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(ORDER_SORT_FIELDS, 'createdAt,desc'),
  /** `current-user`: the caller's own orders. */
  filter: z.literal('current-user').optional(),
  status: OrderStatusSchema.optional(),
  customerId: z.uuid().optional(),
  vendorId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).or(DateOnlySchema).optional(),
  to: z.iso.datetime({ offset: true }).or(DateOnlySchema).optional(),
  paid: booleanQuery.optional(),
  q: z.string().trim().min(1).max(100).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const ScheduleQuerySchema = PageQuerySchema.extend({
  dueFrom: DateOnlySchema.optional(),
  dueTo: DateOnlySchema.optional(),
  overdue: booleanQuery.optional(),
  status: ScheduleStatusSchema.optional(),
});
export type ScheduleQuery = z.infer<typeof ScheduleQuerySchema>;

export const OrderScheduleParamsSchema = z.object({ id: z.uuid(), scheduleId: z.uuid() });
