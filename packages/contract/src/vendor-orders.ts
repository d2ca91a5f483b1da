import { z } from 'zod';
import { pageSchema, PageQuerySchema, sortParam } from './common';
import { OrderStatusSchema } from './orders';

/**
 * One of a vendor's order lines, as fulfilment needs it (issue 11): the order's number, date and status,
 * the piece and the quantity. Never the client's identity or contact details, nor the order's money
 * beyond this line.
 */
export const VendorOrderLineSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  orderStatus: OrderStatusSchema,
  orderedAt: z.iso.datetime(),
  /** Null when the piece was later deleted permanently (the line keeps its copied name and SKU). */
  productId: z.uuid().nullable(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  currency: z.string(),
});
export type VendorOrderLine = z.infer<typeof VendorOrderLineSchema>;
export const VendorOrderLinePageSchema = pageSchema(VendorOrderLineSchema);
export type VendorOrderLinePage = z.infer<typeof VendorOrderLinePageSchema>;

export const VENDOR_LINE_SORT_FIELDS = ['orderedAt', 'orderNumber', 'quantity'] as const;
export const VendorOrderLineQuerySchema = PageQuerySchema.extend({
  status: OrderStatusSchema.optional(),
  /** The order number, the SKU or the piece's name (case-insensitive, part of it). */
  q: z.string().trim().min(1, 'Enter something to search for').max(100, 'At most 100 characters').optional(),
  sort: sortParam(VENDOR_LINE_SORT_FIELDS, 'orderedAt,desc'),
});
export type VendorOrderLineQuery = z.infer<typeof VendorOrderLineQuerySchema>;
