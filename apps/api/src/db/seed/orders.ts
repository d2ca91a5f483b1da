import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { products } from '../schema/catalog';
import { createOrdersService } from '../../modules/orders/orders.service';
import { addMonths, todayUtc } from '../../modules/orders/schedule';
import type { Actor } from '../../plugins/auth';

/**
 * A handful of orders in every state, with deposits and instalments part-paid, so the back-office
 * and the client's profile have something true to show. Goes through the orders service, so stock,
 * history, schedules and the outbox are exactly what real use produces.
 */
export async function seedDemoOrders(db: Db, people: { admin: Actor; customer: Actor }): Promise<number> {
  const service = createOrdersService({ db });
  const pieces = await db
    .select({ id: products.id, price: products.price, stock: products.stockQuantity })
    .from(products)
    .where(and(eq(products.status, 'ACTIVE'), isNull(products.deletedAt), isNotNull(products.price), gt(products.stockQuantity, 2)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(12);
  if (pieces.length < 6) return 0;
  const today = todayUtc();
  const { admin, customer } = people;
  const plans: {
    lines: number[];
    guest?: { name: string; email: string };
    terms?: Parameters<typeof service.setPaymentTerms>[0]['terms'];
    path: ('CONFIRMED' | 'IN_PRODUCTION' | 'READY' | 'SHIPPED' | 'DELIVERED' | 'COMPLETED' | 'CANCELLED')[];
    pay?: number[];
  }[] = [
    { lines: [0], path: ['CONFIRMED', 'IN_PRODUCTION', 'READY', 'SHIPPED', 'DELIVERED', 'COMPLETED'], pay: [1] },
    {
      lines: [1, 2],
      terms: { type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: addMonths(today, 2) },
      path: ['CONFIRMED', 'IN_PRODUCTION'],
      pay: [1],
    },
    { lines: [3], terms: { type: 'INSTALLMENTS', installments: 6 }, path: ['CONFIRMED'], pay: [1, 0.5] },
    { lines: [4], path: [] },
    {
      lines: [5],
      guest: { name: 'Isabella Conti', email: 'isabella.conti@example.com' },
      terms: { type: 'DEPOSIT_BALANCE', depositPercent: 50, balanceDueDate: addMonths(today, 1) },
      path: ['CONFIRMED', 'IN_PRODUCTION', 'READY'],
      pay: [1],
    },
    { lines: [6], path: ['CANCELLED'] },
  ];
  let created = 0;
  for (const plan of plans) {
    const order = await service.create({
      actor: admin,
      body: {
        ...(plan.guest ? { guest: plan.guest } : { customerId: customer.id }),
        lines: plan.lines.map((i) => ({ productId: pieces[i]!.id, quantity: 1 })),
        ...(plan.terms ? { paymentTerms: plan.terms } : {}),
      },
    });
    created += 1;
    let current = order;
    for (const status of plan.path) current = await service.changeStatus({ actor: admin, id: order.id, status });
    for (const [index, share] of (plan.pay ?? []).entries()) {
      const item = current.schedule[index];
      if (!item) continue;
      const amount = Math.floor(item.amount * share);
      if (amount <= 0) continue;
      const { result } = await service.recordPayment({
        actor: admin,
        orderId: order.id,
        scheduleId: item.id,
        body: { amount, method: index === 0 ? 'CARD' : 'BANK_TRANSFER', reference: `DEMO-${order.number}-${index + 1}` },
      });
      current = result.order;
    }
  }
  return created;
}
