import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrderBodySchema,
  OrderFacetsQuerySchema,
  OrderFacetsSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderSchema,
  OrderScheduleParamsSchema,
  OrderStatisticsSchema,
  OrderStatusBodySchema,
  PaymentResultSchema,
  PaymentTermsSchema,
  RecordPaymentBodySchema,
  ScheduleEntryPageSchema,
  ScheduleExportQuerySchema,
  ScheduleItemSchema,
  ScheduleQuerySchema,
  ScheduleSummarySchema,
  UuidParamsSchema,
  VendorOrderLinePageSchema,
  VendorOrderLineQuerySchema,
} from '@mirror/contract';
import { requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { OrdersService } from './orders.service';

const tags = ['orders'];
const AdminOnly = roles('ADMIN');
const SignedIn = {
  access: 'authenticated',
  ownership: 'ADMIN: all; VENDOR: orders with its products, its lines only; others: their own',
} as const;
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8–200 characters')
    .max(200, 'Idempotency-Key must be 8–200 characters')
    .optional(),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post('/api/orders', {
    // Not VENDOR: a vendor account fulfils and never buys — its order views hold its own lines only, so an order it
    // placed was written (stock reserved) and then answered 404 (issue 14's matrix).
    config: {
      policy: {
        access: 'roles',
        roles: ['CUSTOMER', 'DESIGNER', 'ADMIN'],
        ownership: 'customers order for themselves; ADMIN for anyone or a guest',
      },
    },
    schema: {
      tags,
      summary: 'Place an order: captures prices, reserves stock atomically (409 if any line lacks stock)',
      body: CreateOrderBodySchema,
      response: { 201: OrderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => reply.code(201).send(await orders.create({ actor: requireActor(request), body: request.body })),
  });

  app.get('/api/orders', {
    config: { policy: SignedIn },
    schema: {
      tags,
      summary:
        'List orders (status, payment state, customer, vendor, placed from/to, total range, paid; q searches ' +
        'the number, client name and email; paged). Rows carry paymentState, paidAmount, nextDueDate and ' +
        'pieceCount',
      querystring: OrderListQuerySchema,
      response: { 200: OrderPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.list({ actor: requireActor(request), query: request.query }),
  });

  app.get('/api/orders/vendor-lines', {
    config: { policy: { access: 'roles', roles: ['VENDOR'], ownership: "the signed-in vendor's own order lines" } },
    schema: {
      tags,
      summary:
        "The signed-in vendor's order lines for fulfilment: order number, date and status, piece, quantity " +
        '(never the client); q searches the number, SKU and piece name',
      querystring: VendorOrderLineQuerySchema,
      response: { 200: VendorOrderLinePageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.vendorLines({ actor: requireActor(request), query: request.query }),
  });

  app.get('/api/orders/facets', {
    config: { policy: SignedIn },
    schema: {
      tags,
      summary:
        "Counts per status and per payment state under the list's filters and scoping (each facet ignores its own filter), for the table's tabs",
      querystring: OrderFacetsQuerySchema,
      response: { 200: OrderFacetsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.facets({ actor: requireActor(request), query: request.query }),
  });

  app.get('/api/orders/payment-schedule', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        'Schedule items across live orders by due date (state due|paid|overdue, due between dates, q on the order number or client; paged)',
      querystring: ScheduleQuerySchema,
      response: { 200: ScheduleEntryPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.scheduleAcrossOrders({ query: request.query }),
  });

  app.get('/api/orders/payment-schedule/summary', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Per due month (UTC) and currency under the schedule filters: items, amount, paid, remaining and overdue (minor units)',
      querystring: ScheduleExportQuerySchema,
      response: { 200: ScheduleSummarySchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.scheduleSummary({ query: request.query }),
  });

  app.get('/api/orders/payment-schedule/export.csv', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'CSV of every schedule item the filters select (no paging), streamed, by due date',
      description:
        'RFC 4180, UTF-8 with a byte-order mark, CRLF lines, header row first: orderNumber, orderStatus, ' +
        'customerName, customerEmail, sequence, label, dueDate, ' +
        'currency, amount, paidAmount, remaining, status. Money in integer minor units. Cells that start ' +
        'with = + - @ tab or CR are prefixed with an apostrophe. ' +
        'X-Total-Count gives the number of rows.',
      querystring: ScheduleExportQuerySchema,
      response: { 200: z.any().describe('text/csv attachment'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { fileName, total, stream } = await orders.exportSchedule({ query: request.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .send(stream);
    },
  });

  app.get('/api/orders/statistics', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        'Orders by status, revenue per currency this month, last month and over 12 months (orders placed, ' +
        'payments received), instalments due in 30 days and overdue (UTC)',
      response: { 200: OrderStatisticsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => orders.statistics(),
  });

  app.get('/api/orders/:id', {
    config: { policy: SignedIn },
    schema: {
      tags,
      summary: 'One order with lines, schedule and history',
      params: UuidParamsSchema,
      response: { 200: OrderSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => orders.get({ actor: requireActor(request), id: request.params.id }),
  });

  app.get('/api/orders/:id/payment-schedule', {
    config: { policy: { access: 'authenticated', ownership: 'ADMIN or the ordering customer' } },
    schema: {
      tags,
      summary: "An order's payment schedule",
      params: UuidParamsSchema,
      response: { 200: z.array(ScheduleItemSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => orders.schedule({ actor: requireActor(request), id: request.params.id }),
  });

  app.post('/api/orders/:id/status', {
    config: { policy: { access: 'authenticated', ownership: 'ADMIN; a customer may cancel their own PENDING order' } },
    schema: {
      tags,
      summary: 'Move an order through its lifecycle (409 naming the allowed moves otherwise)',
      params: UuidParamsSchema,
      body: OrderStatusBodySchema,
      response: { 200: OrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      orders.changeStatus({ actor: requireActor(request), id: request.params.id, status: request.body.status, note: request.body.note }),
  });

  app.put('/api/orders/:id/payment-terms', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Set payment terms and regenerate the schedule (only while nothing is paid)',
      params: UuidParamsSchema,
      body: PaymentTermsSchema,
      response: { 200: OrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => orders.setPaymentTerms({ actor: requireActor(request), id: request.params.id, terms: request.body }),
  });

  app.post('/api/orders/:id/payment-schedule/:scheduleId/payments', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Record a payment on a schedule item (honours Idempotency-Key)',
      params: OrderScheduleParamsSchema,
      headers: IdempotencyHeaders,
      body: RecordPaymentBodySchema,
      response: { 201: PaymentResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const { result, replayed } = await orders.recordPayment({
        actor: requireActor(request),
        orderId: request.params.id,
        scheduleId: request.params.scheduleId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result);
    },
  });
};
