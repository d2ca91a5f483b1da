import type { Order, Payment, ScheduleItem } from '@mirror/contract';

export const ORDER_ID = '40000000-0000-4000-8000-000000000001';

export function scheduleItem(overrides: Partial<ScheduleItem> = {}): ScheduleItem {
  return {
    id: '40000000-0000-4000-8000-0000000000a1',
    orderId: ORDER_ID,
    orderNumber: 'MR-2026-001234',
    sequence: 1,
    label: 'Instalment 1 of 3',
    dueDate: '2026-11-23',
    amount: 300_000,
    paidAmount: 0,
    remaining: 300_000,
    currency: 'EUR',
    status: 'PENDING',
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '40000000-0000-4000-8000-0000000000b1',
    orderId: ORDER_ID,
    scheduleItemId: scheduleItem().id,
    amount: 100_000,
    currency: 'EUR',
    method: 'BANK_TRANSFER',
    reference: null,
    receivedOn: '2026-11-23',
    recordedBy: null,
    recordedByUsername: 'admin',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    number: 'MR-2026-001234',
    status: 'CONFIRMED',
    customerId: null,
    customerName: 'Margaux Delacroix',
    customerEmail: 'margaux@example.com',
    currency: 'EUR',
    subtotal: 900_000,
    total: 900_000,
    paidAmount: 0,
    isPaidInFull: false,
    paymentState: 'UNPAID',
    nextDueDate: '2026-11-23',
    pieceCount: 1,
    paymentTerms: { type: 'INSTALLMENTS', installments: 3 },
    notes: null,
    lines: [],
    schedule: [scheduleItem()],
    payments: [],
    history: [],
    allowedTransitions: ['IN_PRODUCTION', 'CANCELLED'],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
