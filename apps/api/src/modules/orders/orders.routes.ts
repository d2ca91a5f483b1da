import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrderBodySchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderSchema,
  OrderScheduleParamsSchema,
  OrderStatusBodySchema,
  PaymentResultSchema,
  PaymentTermsSchema,
  RecordPaymentBodySchema,
  ScheduleItemPageSchema,
  ScheduleItemSchema,
  ScheduleQuerySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { OrdersService } from './orders.service';

const tags = ['orders'];
const AdminOnly = roles('ADMIN');
const SignedIn = { access: 'authenticated', ownership: 'ADMIN: all; VENDOR: orders with its products, its lines only; others: their own' } as const;
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
    config: { policy: { access: 'authenticated', ownership: 'customers order for themselves; ADMIN for anyone or a guest' } },
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
    schema: { tags, summary: 'List orders (status, customer, vendor, dates, paid; paged)', querystring: OrderListQuerySchema, response: { 200: OrderPageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => orders.list({ actor: requireActor(request), query: request.query }),
  });

  app.get('/api/orders/payment-schedule', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Schedule items across orders (due between dates, overdue)', querystring: ScheduleQuerySchema, response: { 200: ScheduleItemPageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => orders.scheduleAcrossOrders({ query: request.query }),
  });

  app.get('/api/orders/:id', {
    config: { policy: SignedIn },
    schema: { tags, summary: 'One order with lines, schedule and history', params: UuidParamsSchema, response: { 200: OrderSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => orders.get({ actor: requireActor(request), id: request.params.id }),
  });

  app.get('/api/orders/:id/payment-schedule', {
    config: { policy: { access: 'authenticated', ownership: 'ADMIN or the ordering customer' } },
    schema: { tags, summary: "An order's payment schedule", params: UuidParamsSchema, response: { 200: z.array(ScheduleItemSchema), ...errorResponses(400, 401, 403, 404) } },
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
    handler: async (request) => orders.changeStatus({ actor: requireActor(request), id: request.params.id, status: request.body.status, note: request.body.note }),
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
