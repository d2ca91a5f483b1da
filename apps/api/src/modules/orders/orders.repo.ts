import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery, OrderStatus, ScheduleQuery } from '@mirror/contract';
import type { Db } from '../../db/client';
import { products, vendors } from '../../db/schema/catalog';
import { users } from '../../db/schema/users';
import {
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  paymentScheduleItems,
  type OrderLineRow,
  type OrderRow,
  type PaymentRow,
  type ScheduleItemRow,
} from '../../db/schema/orders';
import type { PlannedItem } from './schedule';

export interface OrderListFilter {
  status?: OrderStatus | undefined;
  customerId?: string | undefined;
  vendorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  paid?: boolean | undefined;
  q?: string | undefined;
}

const SORT_COLUMNS = { createdAt: orders.createdAt, total: orders.total, status: orders.status, number: orders.number } as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

export function createOrdersRepo(db: Db) {
  return {
    async vendorIdOfUser(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)))
        .limit(1);
      return row?.id ?? null;
    },

    async findUser(id: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async productsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          vendorId: products.vendorId,
          price: products.price,
          currency: products.currency,
          status: products.status,
          deletedAt: products.deletedAt,
        })
        .from(products)
        .where(inArray(products.id, ids));
    },

    /** Takes `quantity` from stock only if that much is there; false otherwise. Atomic per row. */
    async reserveStock(productId: string, quantity: number): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), gte(products.stockQuantity, quantity)))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    async releaseStock(productId: string, quantity: number): Promise<void> {
      await db
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}`, updatedAt: new Date() })
        .where(eq(products.id, productId));
    },

    async nextOrderNumber(): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select nextval('order_number_seq') as n`));
      return Number(row!.n);
    },

    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async insertLines(values: (typeof orderLines.$inferInsert)[]) {
      await db.insert(orderLines).values(values);
    },

    async insertHistory(values: typeof orderStatusHistory.$inferInsert) {
      await db.insert(orderStatusHistory).values(values);
    },

    async replaceSchedule(orderId: string, items: PlannedItem[]) {
      await db.delete(paymentScheduleItems).where(eq(paymentScheduleItems.orderId, orderId));
      if (items.length) await db.insert(paymentScheduleItems).values(items.map((i) => ({ ...i, orderId })));
    },

    async findOrder(id: string, lock = false): Promise<OrderRow | null> {
      const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async updateOrder(id: string, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
      const [row] = await db.update(orders).set({ ...patch, updatedAt: new Date() }).where(eq(orders.id, id)).returning();
      return row!;
    },

    async addToOrderPaid(id: string, amount: number): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ paidAmount: sql`${orders.paidAmount} + ${amount}`, updatedAt: new Date() })
        .where(eq(orders.id, id))
        .returning();
      return row!;
    },

    async linesOf(orderIds: string[], vendorId?: string): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderLines)
        .where(and(inArray(orderLines.orderId, orderIds), vendorId ? eq(orderLines.vendorId, vendorId) : undefined))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    },

    async historyOf(orderId: string) {
      return db
        .select({
          id: orderStatusHistory.id,
          fromStatus: orderStatusHistory.fromStatus,
          toStatus: orderStatusHistory.toStatus,
          note: orderStatusHistory.note,
          changedBy: orderStatusHistory.changedBy,
          changedByUsername: users.username,
          createdAt: orderStatusHistory.createdAt,
        })
        .from(orderStatusHistory)
        .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    },

    async scheduleOf(orderId: string): Promise<ScheduleItemRow[]> {
      return db.select().from(paymentScheduleItems).where(eq(paymentScheduleItems.orderId, orderId)).orderBy(asc(paymentScheduleItems.sequence));
    },

    async findScheduleItem(orderId: string, itemId: string, lock = false): Promise<ScheduleItemRow | null> {
      const query = db
        .select()
        .from(paymentScheduleItems)
        .where(and(eq(paymentScheduleItems.id, itemId), eq(paymentScheduleItems.orderId, orderId)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async addToItemPaid(itemId: string, amount: number): Promise<ScheduleItemRow> {
      const [row] = await db
        .update(paymentScheduleItems)
        .set({ paidAmount: sql`${paymentScheduleItems.paidAmount} + ${amount}` })
        .where(eq(paymentScheduleItems.id, itemId))
        .returning();
      return row!;
    },

    async findPaymentByKey(key: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
      return row ?? null;
    },

    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },

    async setPaymentResponse(id: string, response: unknown) {
      await db.update(payments).set({ response }).where(eq(payments.id, id));
    },

    async listOrders(filter: OrderListFilter, query: Pick<OrderListQuery, 'page' | 'size' | 'sort'>) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(orders.status, filter.status));
      if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId));
      if (filter.vendorId) {
        conditions.push(sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.vendorId} = ${filter.vendorId})`);
      }
      if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
      if (filter.to) conditions.push(lte(orders.createdAt, filter.to));
      if (filter.paid === true) conditions.push(gte(orders.paidAmount, orders.total));
      if (filter.paid === false) conditions.push(lt(orders.paidAmount, orders.total));
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        conditions.push(or(ilike(orders.number, pattern), ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern))!);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const column = SORT_COLUMNS[query.sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(query.sort.direction === 'desc' ? desc(column) : asc(column), desc(orders.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async listSchedule(query: ScheduleQuery, today: string) {
      const conditions: SQL[] = [sql`${orders.status} <> 'CANCELLED'`];
      if (query.dueFrom) conditions.push(gte(paymentScheduleItems.dueDate, query.dueFrom));
      if (query.dueTo) conditions.push(lte(paymentScheduleItems.dueDate, query.dueTo));
      const unpaid = lt(paymentScheduleItems.paidAmount, paymentScheduleItems.amount);
      if (query.overdue === true || query.status === 'OVERDUE') conditions.push(and(unpaid, lt(paymentScheduleItems.dueDate, today))!);
      if (query.overdue === false) conditions.push(or(gte(paymentScheduleItems.paidAmount, paymentScheduleItems.amount), gte(paymentScheduleItems.dueDate, today))!);
      if (query.status === 'PAID') conditions.push(gte(paymentScheduleItems.paidAmount, paymentScheduleItems.amount));
      if (query.status === 'PENDING') conditions.push(and(eq(paymentScheduleItems.paidAmount, 0), unpaid, gte(paymentScheduleItems.dueDate, today))!);
      if (query.status === 'PARTIALLY_PAID') {
        conditions.push(and(sql`${paymentScheduleItems.paidAmount} > 0`, unpaid, gte(paymentScheduleItems.dueDate, today))!);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ item: paymentScheduleItems, orderNumber: orders.number, currency: orders.currency })
          .from(paymentScheduleItems)
          .innerJoin(orders, eq(orders.id, paymentScheduleItems.orderId))
          .where(where)
          .orderBy(asc(paymentScheduleItems.dueDate), asc(paymentScheduleItems.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(paymentScheduleItems).innerJoin(orders, eq(orders.id, paymentScheduleItems.orderId)).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
