import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery, OrderStatus, PaymentState, ScheduleFilterQuery } from '@mirror/contract';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
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
import { escapeLike, rowsOf } from '../../db/sql-helpers';

export interface OrderListFilter {
  status?: OrderStatus | undefined;
  customerId?: string | undefined;
  vendorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  paid?: boolean | undefined;
  paymentState?: PaymentState | undefined;
  minTotal?: number | undefined;
  maxTotal?: number | undefined;
  q?: string | undefined;
  /** `q` matches the order number only (a vendor's search). */
  isNumberSearch?: boolean | undefined;
}

const SORT_COLUMNS = { createdAt: orders.createdAt, total: orders.total, status: orders.status, number: orders.number } as const;

const psi = paymentScheduleItems;

/** Some schedule item of the order is unpaid past its due date (semi-join over payment_schedule_unpaid_due_idx). */
const hasOverdueItem = (today: string) =>
  sql`exists (select 1 from ${psi} where ${psi.orderId} = ${orders.id} and ${psi.paidAmount} < ${psi.amount} and ${psi.dueDate} < ${today}::date)`;

/**
 * The PaymentState rules (see the contract) as predicates the planner can use: OVERDUE needs an overdue
 * item of a live order; UNPAID and PARTLY_PAID need none (a cancelled order owes nothing, so never overdue).
 */
function paymentStateCondition(state: PaymentState, today: string): SQL {
  const notOverdue = or(eq(orders.status, 'CANCELLED'), sql`not ${hasOverdueItem(today)}`)!;
  switch (state) {
    case 'PAID':
      return gte(orders.paidAmount, orders.total);
    case 'OVERDUE':
      return and(lt(orders.paidAmount, orders.total), sql`${orders.status} <> 'CANCELLED'`, hasOverdueItem(today))!;
    case 'PARTLY_PAID':
      return and(sql`${orders.paidAmount} > 0`, lt(orders.paidAmount, orders.total), notOverdue)!;
    case 'UNPAID':
      return and(eq(orders.paidAmount, 0), lt(orders.paidAmount, orders.total), notOverdue)!;
  }
}

/**
 * The earliest due date still unpaid of a live, not fully paid order (the order's schedule, ≤ 36 rows on its
 * unique index). Columns are named in full: in a one-table select list Drizzle writes them unqualified ("id"),
 * which the subquery would read as its own table's.
 */
const nextDueDate = sql<string | null>`case when "orders"."status" <> 'CANCELLED' and "orders"."paid_amount" < "orders"."total" then (
  select min(s."due_date")::text from ${psi} s where s."order_id" = "orders"."id" and s."paid_amount" < s."amount") end`;

function orderConditions(filter: OrderListFilter, today: string, omit?: 'status' | 'paymentState'): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status && omit !== 'status') conditions.push(eq(orders.status, filter.status));
  if (filter.paymentState && omit !== 'paymentState') conditions.push(paymentStateCondition(filter.paymentState, today));
  if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId));
  if (filter.vendorId) {
    conditions.push(
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.vendorId} = ${filter.vendorId})`,
    );
  }
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lte(orders.createdAt, filter.to));
  if (filter.minTotal !== undefined) conditions.push(gte(orders.total, filter.minTotal));
  if (filter.maxTotal !== undefined) conditions.push(lte(orders.total, filter.maxTotal));
  if (filter.paid === true) conditions.push(gte(orders.paidAmount, orders.total));
  if (filter.paid === false) conditions.push(lt(orders.paidAmount, orders.total));
  if (filter.q && filter.isNumberSearch) conditions.push(sql`${orders.number} ilike ${`%${escapeLike(filter.q)}%`}`);
  else if (filter.q) {
    // The expression of orders_search_trgm_idx, so a search of 3+ characters is an index lookup.
    conditions.push(
      sql`(${orders.number} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail}) ilike ${`%${escapeLike(filter.q)}%`}`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Schedule items of live orders matching the Payments screen's filters. */
function scheduleConditions(query: ScheduleFilterQuery, today: string): SQL {
  const conditions: SQL[] = [sql`${orders.status} <> 'CANCELLED'`];
  if (query.dueFrom) conditions.push(gte(psi.dueDate, query.dueFrom));
  if (query.dueTo) conditions.push(lte(psi.dueDate, query.dueTo));
  const unpaid = lt(psi.paidAmount, psi.amount);
  const paid = gte(psi.paidAmount, psi.amount);
  if (query.overdue === true || query.status === 'OVERDUE' || query.state === 'overdue')
    conditions.push(and(unpaid, lt(psi.dueDate, today))!);
  if (query.overdue === false) conditions.push(or(paid, gte(psi.dueDate, today))!);
  if (query.status === 'PAID' || query.state === 'paid') conditions.push(paid);
  if (query.state === 'due') conditions.push(and(unpaid, gte(psi.dueDate, today))!);
  if (query.status === 'PENDING') conditions.push(and(eq(psi.paidAmount, 0), unpaid, gte(psi.dueDate, today))!);
  if (query.status === 'PARTIALLY_PAID') conditions.push(and(sql`${psi.paidAmount} > 0`, unpaid, gte(psi.dueDate, today))!);
  if (query.q) {
    conditions.push(
      sql`(${orders.number} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail}) ilike ${`%${escapeLike(query.q)}%`}`,
    );
  }
  return and(...conditions)!;
}

const scheduleEntryColumns = {
  item: psi,
  orderNumber: orders.number,
  currency: orders.currency,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  orderStatus: orders.status,
};

export function createOrdersRepo(db: Db) {
  return {
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
          stockQuantity: products.stockQuantity,
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
      const [row] = await db
        .update(orders)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(orders.id, id))
        .returning();
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

    /** The order's payments in the order they were recorded, with the recorder's username. */
    async paymentsOf(orderId: string) {
      return db
        .select({ payment: payments, recordedByUsername: users.username })
        .from(payments)
        .leftJoin(users, eq(users.id, payments.recordedBy))
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },

    /** What the order page shows of each line's piece now: its images and stock (deleted pieces included). */
    async lineProducts(productIds: string[]) {
      if (productIds.length === 0) return [];
      return db
        .select({ id: products.id, images: products.images, stockQuantity: products.stockQuantity })
        .from(products)
        .where(inArray(products.id, productIds));
    },

    async scheduleOf(orderId: string): Promise<ScheduleItemRow[]> {
      return db
        .select()
        .from(paymentScheduleItems)
        .where(eq(paymentScheduleItems.orderId, orderId))
        .orderBy(asc(paymentScheduleItems.sequence));
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

    async listOrders(filter: OrderListFilter, query: Pick<OrderListQuery, 'page' | 'size' | 'sort'>, today: string) {
      const where = orderConditions(filter, today);
      const column = SORT_COLUMNS[query.sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: orders, nextDueDate })
          .from(orders)
          .where(where)
          .orderBy(query.sort.direction === 'desc' ? desc(column) : asc(column), desc(orders.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** A vendor's order lines (order_lines_vendor_idx) with their order's number, date and status; nothing of the client. */
    async vendorLines(
      vendorId: string,
      query: {
        page: number;
        size: number;
        status?: OrderStatus | undefined;
        q?: string | undefined;
        sort: { field: 'orderedAt' | 'orderNumber' | 'quantity'; direction: 'asc' | 'desc' };
      },
    ) {
      const conditions: SQL[] = [eq(orderLines.vendorId, vendorId)];
      if (query.status) conditions.push(eq(orders.status, query.status));
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        conditions.push(
          sql`(${orders.number} ilike ${like} or ${orderLines.sku} ilike ${like} or ${orderLines.productName} ilike ${like})`,
        );
      }
      const where = and(...conditions);
      const column = { orderedAt: orders.createdAt, orderNumber: orders.number, quantity: orderLines.quantity }[query.sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            line: orderLines,
            orderNumber: orders.number,
            orderStatus: orders.status,
            orderedAt: orders.createdAt,
            currency: orders.currency,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(where)
          .orderBy(
            query.sort.direction === 'desc' ? desc(column) : asc(column),
            desc(orders.createdAt),
            asc(orderLines.position),
            asc(orderLines.id),
          )
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Per status (without the status filter) and per payment state (without that filter): two grouped queries. */
    /**
     * Per status (without the status filter) and per payment state (without that filter): two grouped queries.
     * The payment states join the set of orders with an overdue item once (a hash join over
     * payment_schedule_unpaid_due_idx) instead of probing the schedule per order.
     */
    async orderFacets(filter: OrderListFilter, today: string, withPaymentStates: boolean) {
      const late = db
        .selectDistinct({ orderId: psi.orderId })
        .from(psi)
        .where(and(lt(psi.paidAmount, psi.amount), lt(psi.dueDate, today)))
        .as('late');
      // PAYMENT_STATES' rules as one expression (the filters above are the same rules as predicates).
      const state = sql<PaymentState>`case
        when ${orders.paidAmount} >= ${orders.total} then 'PAID'
        when ${orders.status} <> 'CANCELLED' and ${late.orderId} is not null then 'OVERDUE'
        when ${orders.paidAmount} > 0 then 'PARTLY_PAID'
        else 'UNPAID' end`;
      const [byStatus, byPaymentState] = await Promise.all([
        db
          .select({ status: orders.status, count: count() })
          .from(orders)
          .where(orderConditions(filter, today, 'status'))
          .groupBy(orders.status),
        withPaymentStates
          ? db
              .select({ state, count: count() })
              .from(orders)
              .leftJoin(late, eq(late.orderId, orders.id))
              .where(orderConditions(filter, today, 'paymentState'))
              .groupBy(sql`1`)
          : Promise.resolve(null),
      ]);
      return { byStatus, byPaymentState };
    },

    async listSchedule(query: ScheduleFilterQuery & { page: number; size: number }, today: string) {
      const where = scheduleConditions(query, today);
      const [rows, [total]] = await Promise.all([
        db
          .select(scheduleEntryColumns)
          .from(psi)
          .innerJoin(orders, eq(orders.id, psi.orderId))
          .where(where)
          .orderBy(asc(psi.dueDate), asc(psi.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(psi).innerJoin(orders, eq(orders.id, psi.orderId)).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** The next `limit` items after `after` in (due date, id) order: keyset paging on payment_schedule_due_idx. */
    async scheduleBatch(query: ScheduleFilterQuery, today: string, limit: number, after?: { dueDate: string; id: string }) {
      const where = scheduleConditions(query, today);
      return db
        .select(scheduleEntryColumns)
        .from(psi)
        .innerJoin(orders, eq(orders.id, psi.orderId))
        .where(after ? and(where, sql`(${psi.dueDate}, ${psi.id}) > (${after.dueDate}::date, ${after.id}::uuid)`) : where)
        .orderBy(asc(psi.dueDate), asc(psi.id))
        .limit(limit);
    },

    async countSchedule(query: ScheduleFilterQuery, today: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(psi)
        .innerJoin(orders, eq(orders.id, psi.orderId))
        .where(scheduleConditions(query, today));
      return row?.value ?? 0;
    },

    /** Per due month (UTC) and currency over the filtered items: amounts due, paid, remaining and overdue. */
    async scheduleMonths(query: ScheduleFilterQuery, today: string) {
      const month = sql<string>`to_char(${psi.dueDate}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          currency: orders.currency,
          itemCount: count(),
          amount: sql<string>`sum(${psi.amount})::bigint`,
          paidAmount: sql<string>`sum(${psi.paidAmount})::bigint`,
          overdue: sql<string>`coalesce(sum(${psi.amount} - ${psi.paidAmount}) filter (where ${psi.paidAmount} < ${psi.amount} and ${psi.dueDate} < ${today}::date), 0)::bigint`,
        })
        .from(psi)
        .innerJoin(orders, eq(orders.id, psi.orderId))
        .where(scheduleConditions(query, today))
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`);
      return rows.map((r) => ({ ...r, amount: Number(r.amount), paidAmount: Number(r.paidAmount), overdue: Number(r.overdue) }));
    },

    async countByStatus() {
      return db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
    },

    /**
     * Per month (UTC) from `from` to `to` (first days of months) and currency: orders placed and not
     * cancelled (count and total), and payments recorded on orders not cancelled. Every month of the range
     * has at least one row (currency null when nothing happened): generate_series makes the months.
     */
    async monthlyFigures({ from, to, fromTs, untilTs }: { from: string; to: string; fromTs: Date; untilTs: Date }) {
      const rows = rowsOf<{
        month: string;
        currency: string | null;
        n: number | null;
        ordered: string | number | null;
        received: string | number | null;
      }>(
        await db.execute(sql`
          with months as (
            select gs::date as month from generate_series(${from}::date, ${to}::date, interval '1 month') as gs
          ),
          placed as (
            select date_trunc('month', ${orders.createdAt} at time zone 'UTC')::date as month, ${orders.currency} as currency,
                   count(*)::int as n, sum(${orders.total})::bigint as amount
            from ${orders}
            where ${orders.createdAt} >= ${fromTs} and ${orders.createdAt} < ${untilTs} and ${orders.status} <> 'CANCELLED'
            group by 1, 2
          ),
          received as (
            select date_trunc('month', ${payments.createdAt} at time zone 'UTC')::date as month, ${orders.currency} as currency,
                   sum(${payments.amount})::bigint as amount
            from ${payments} join ${orders} on ${orders.id} = ${payments.orderId}
            where ${payments.createdAt} >= ${fromTs} and ${payments.createdAt} < ${untilTs} and ${orders.status} <> 'CANCELLED'
            group by 1, 2
          ),
          figures as (
            select coalesce(p.month, r.month) as month, coalesce(p.currency, r.currency) as currency,
                   coalesce(p.n, 0) as n, coalesce(p.amount, 0) as ordered, coalesce(r.amount, 0) as received
            from placed p full join received r on r.month = p.month and r.currency = p.currency
          )
          select to_char(m.month, 'YYYY-MM') as month, f.currency, f.n, f.ordered, f.received
          from months m left join figures f on f.month = m.month
          order by m.month, f.currency`),
      );
      return rows.map((r) => ({
        month: r.month,
        currency: r.currency,
        orderCount: r.n ?? 0,
        ordered: Number(r.ordered ?? 0),
        received: Number(r.received ?? 0),
      }));
    },

    /** Unpaid schedule items of orders not cancelled, due up to `until`, split at `today`, per currency. */
    async outstandingInstalments({ today, until }: { today: string; until: string }) {
      const i = paymentScheduleItems;
      const rows = rowsOf<{
        currency: string;
        overdue_count: number;
        overdue_amount: string | number;
        due_count: number;
        due_amount: string | number;
      }>(
        await db.execute(sql`
          select ${orders.currency} as currency,
                 (count(*) filter (where ${i.dueDate} < ${today}::date))::int as overdue_count,
                 coalesce(sum(${i.amount} - ${i.paidAmount}) filter (where ${i.dueDate} < ${today}::date), 0)::bigint as overdue_amount,
                 (count(*) filter (where ${i.dueDate} >= ${today}::date))::int as due_count,
                 coalesce(sum(${i.amount} - ${i.paidAmount}) filter (where ${i.dueDate} >= ${today}::date), 0)::bigint as due_amount
          from ${i} join ${orders} on ${orders.id} = ${i.orderId}
          where ${i.paidAmount} < ${i.amount} and ${i.dueDate} <= ${until}::date and ${orders.status} <> 'CANCELLED'
          group by ${orders.currency}
          order by ${orders.currency}`),
      );
      return rows.map((r) => ({
        currency: r.currency,
        overdue: { count: r.overdue_count, amount: Number(r.overdue_amount) },
        dueSoon: { count: r.due_count, amount: Number(r.due_amount) },
      }));
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
