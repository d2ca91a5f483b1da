/**
 * Placing an order: the customer (an account, or a guest when the house orders for one), each piece
 * available and priced, stock reserved in a stable order, the payment schedule planned, the order
 * numbered, recorded, audited when staff placed it, and confirmed by email — all in one transaction.
 */
import type { CreateOrderBody, Order, PaymentTerms } from '@mirror/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { audited } from '../audit/audit.service';
import { enqueueEmail } from '../notifications/notifications.service';
import { forbidden, loadVisible, orderDetail, planOrThrow, type OrdersContext } from './orders.access';
import { createOrdersRepo } from './orders.repo';

function displayName(user: { username: string; firstName: string | null; lastName: string | null }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}

export async function placeOrder({ repo, inTx }: OrdersContext, { actor, body }: { actor: Actor; body: CreateOrderBody }): Promise<Order> {
  const isAdmin = actor.role === 'ADMIN';
  if (!isAdmin && (body.customerId || body.guest)) throw forbidden('Only an administrator can order on behalf of someone else.');
  if (!isAdmin && body.lines.some((l) => l.unitPrice !== undefined)) throw forbidden('Only an administrator can set a price.');
  if (body.customerId && body.guest) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
      { path: 'guest', message: 'Give either a customer or a guest, not both' },
    ]);
  }

  let customer: { id: string | null; name: string; email: string };
  if (body.guest) {
    customer = { id: null, name: body.guest.name, email: body.guest.email };
  } else {
    const user = await repo.findUser(body.customerId ?? actor.id);
    if (!user) throw new AppError('USER_NOT_FOUND', 'Customer not found.');
    customer = { id: user.id, name: displayName(user), email: user.email };
  }

  // Merge repeated products so stock is checked against the whole quantity.
  const wanted = new Map<string, { quantity: number; unitPrice?: number | undefined }>();
  for (const line of body.lines) {
    const prev = wanted.get(line.productId);
    wanted.set(line.productId, { quantity: (prev?.quantity ?? 0) + line.quantity, unitPrice: line.unitPrice ?? prev?.unitPrice });
  }
  // Error details name the body's lines (what the client shows them against), not the merged ones.
  const bodyIndexesOf = (productId: string) => body.lines.flatMap((l, i) => (l.productId === productId ? [i] : []));
  const found = await repo.productsByIds([...wanted.keys()]);
  const lines: { productId: string; vendorId: string; sku: string; productName: string; unitPrice: number; quantity: number }[] = [];
  for (const [productId, want] of wanted) {
    const product = found.find((p) => p.id === productId);
    const path = `lines.${bodyIndexesOf(productId)[0]!}`;
    if (!product || product.deletedAt || (product.status !== 'ACTIVE' && !isAdmin)) {
      throw new AppError('PRODUCT_NOT_FOUND', 'One of the pieces is not available.', [
        { path: `${path}.productId`, message: 'This piece is not available' },
      ]);
    }
    const unitPrice = want.unitPrice ?? product.price;
    if (unitPrice == null) {
      throw new AppError('PRICE_ON_REQUEST', `${product.name} is priced on request: book an appointment to order it.`, [
        { path: `${path}.unitPrice`, message: 'This piece is priced on request' },
      ]);
    }
    lines.push({
      productId,
      vendorId: product.vendorId,
      sku: product.sku,
      productName: product.name,
      unitPrice,
      quantity: want.quantity,
    });
  }
  const currencies = new Set(found.map((p) => p.currency));
  if (currencies.size > 1) throw new AppError('CURRENCY_MISMATCH', 'All pieces of an order must be priced in the same currency.');
  const currency = found[0]!.currency;
  const total = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const terms: PaymentTerms = body.paymentTerms ?? { type: 'FULL' };
  const plan = planOrThrow(total, terms);

  const order = await inTx(async (r, tx) => {
    // Lock rows in a stable order so two orders never wait on each other.
    for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
      if (!(await r.reserveStock(line.productId, line.quantity))) {
        const [current] = await r.productsByIds([line.productId]);
        const available = Math.max(0, current?.stockQuantity ?? 0);
        const message = available === 0 ? 'Out of stock' : `Only ${available} in stock`;
        throw new AppError(
          'INSUFFICIENT_STOCK',
          `Not enough stock for ${line.productName}: ${available === 0 ? 'none left' : `only ${available} left`}.`,
          bodyIndexesOf(line.productId).map((i) => ({ path: `lines.${i}.quantity`, message })),
        );
      }
    }
    const seq = await r.nextOrderNumber();
    // An order placed by staff goes on the audit trail; a client's checkout is not a back-office change.
    const created = await audited(
      tx,
      { type: 'ORDER', action: 'CREATE', created: (o) => (actor.role === 'ADMIN' ? o.id : null) },
      (t: Db) =>
        createOrdersRepo(t).insertOrder({
          number: `MR-${new Date().getUTCFullYear()}-${String(seq).padStart(6, '0')}`,
          customerId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          currency,
          total,
          paymentTerms: terms,
          notes: body.notes ?? null,
          createdBy: actor.id,
        }),
    );
    await r.insertLines(lines.map((l, position) => ({ ...l, orderId: created.id, position })));
    await r.insertHistory({ orderId: created.id, fromStatus: null, toStatus: 'PENDING', changedBy: actor.id, note: 'Order placed' });
    await r.replaceSchedule(created.id, plan);
    await enqueueEmail(tx, {
      emailType: 'ORDER_CONFIRMATION',
      recipients: [customer.email],
      model: {
        customerName: customer.name,
        orderNumber: created.number,
        currency,
        total,
        items: lines.map((l) => ({ name: l.productName, sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice })),
      },
    });
    return created;
  });
  const { viewer, lines: visibleLines } = await loadVisible(actor, order.id, repo);
  return orderDetail(order, visibleLines, viewer, repo);
}
