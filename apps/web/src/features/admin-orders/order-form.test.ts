import { describe, expect, it } from 'vitest';
import { planSchedule } from '@mirror/contract';
import {
  emptyOrderForm,
  formFieldOf,
  orderResolver,
  parsePrice,
  previewSchedule,
  toCreateOrderBody,
  totalsOf,
  type OrderFormValues,
  type PickedProduct,
} from './order-form';

const TODAY = '2026-11-23';
const ring: PickedProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ring',
  sku: 'R-1',
  price: { amount: 100_000, currency: 'EUR' },
  currency: 'EUR',
  stockQuantity: 4,
};
const onRequest: PickedProduct = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Tiara',
  sku: 'T-1',
  price: null,
  currency: 'EUR',
  stockQuantity: 1,
};
const inPounds: PickedProduct = {
  ...ring,
  id: '33333333-3333-4333-8333-333333333333',
  currency: 'GBP',
  price: { amount: 5_000, currency: 'GBP' },
};
const products = new Map([ring, onRequest, inPounds].map((p) => [p.id, p]));
const customerId = '44444444-4444-4444-8444-444444444444';

function form(patch: Partial<OrderFormValues> = {}): OrderFormValues {
  return { ...emptyOrderForm(TODAY), customerId, ...patch };
}

async function resolve(values: OrderFormValues) {
  return orderResolver(products, TODAY)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('new order form', () => {
  it('totals lines from catalog prices and typed agreed prices', () => {
    const totals = totalsOf(
      [
        { productId: ring.id, quantity: 3, unitPrice: '' },
        { productId: onRequest.id, quantity: 1, unitPrice: '12,500.50' },
      ],
      products,
    );
    expect(totals.lineTotals).toEqual([300_000, 1_250_050]);
    expect(totals.total).toBe(1_550_050);
    expect(totals.isMixedCurrency).toBe(false);
    expect(totalsOf([{ productId: onRequest.id, quantity: 1, unitPrice: '' }], products).lineTotals).toEqual([null]);
    expect(
      totalsOf(
        [
          { productId: ring.id, quantity: 1, unitPrice: '' },
          { productId: inPounds.id, quantity: 1, unitPrice: '' },
        ],
        products,
      ).isMixedCurrency,
    ).toBe(true);
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('€1,000')).toBe(100_000);
  });

  it('previews exactly what the server plans, for every kind of terms', () => {
    const total = 1_000_00;
    const instalments = { ...form().terms, type: 'INSTALLMENTS' as const, installments: 3, firstDueDate: '2027-01-31', intervalMonths: 1 };
    const preview = previewSchedule(total, instalments, TODAY);
    expect(preview.error).toBeNull();
    expect(preview.items).toEqual(planSchedule(total, { type: 'INSTALLMENTS', installments: 3, firstDueDate: '2027-01-31' }, TODAY));
    expect(preview.items.map((i) => i.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(preview.items.reduce((s, i) => s + i.amount, 0)).toBe(total);
    const quarterly = previewSchedule(total, { ...instalments, intervalMonths: 3 }, TODAY);
    expect(quarterly.items.map((i) => i.dueDate)).toEqual(['2027-01-31', '2027-04-30', '2027-07-31']);
    const deposit = previewSchedule(
      total,
      { ...form().terms, type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2027-02-01' },
      TODAY,
    );
    expect(deposit.items.map((i) => [i.label, i.amount])).toEqual([
      ['Deposit (30 %)', 30_000],
      ['Balance', 70_000],
    ]);
  });

  it('names the field a schedule problem belongs to', () => {
    const past = previewSchedule(100, { ...form().terms, type: 'FULL', dueDate: '2026-01-01' }, TODAY);
    expect(past.error).toEqual({ field: 'terms.dueDate', message: 'The due date cannot be in the past' });
    const tooMany = previewSchedule(100, { ...form().terms, type: 'INSTALLMENTS', installments: 40 }, TODAY);
    expect(tooMany.error).toEqual({ field: 'terms.installments', message: 'At most 36 instalments' });
  });

  it('builds the API body: minor units, only the chosen terms, a guest or a client', () => {
    const values = form({ lines: [{ productId: onRequest.id, quantity: 2, unitPrice: '9000' }], notes: '  ' });
    values.terms = { ...values.terms, type: 'INSTALLMENTS', installments: 3, firstDueDate: TODAY, intervalMonths: 1 };
    expect(toCreateOrderBody(values, products)).toEqual({
      customerId,
      lines: [{ productId: onRequest.id, quantity: 2, unitPrice: 900_000 }],
      paymentTerms: { type: 'INSTALLMENTS', installments: 3, firstDueDate: TODAY },
    });
    const guest = toCreateOrderBody(
      form({
        customerMode: 'guest',
        guest: { name: 'Ada', email: 'ada@example.com' },
        lines: [{ productId: ring.id, quantity: 1, unitPrice: '' }],
      }),
      products,
    );
    expect(guest).toMatchObject({ guest: { name: 'Ada', email: 'ada@example.com' }, lines: [{ productId: ring.id, quantity: 1 }] });
    expect(guest).not.toHaveProperty('customerId');
  });

  it('validates with the contract and puts each problem on its field', async () => {
    const empty = await resolve(form({ customerId: '' }));
    expect(empty.errors).toMatchObject({
      customerId: { message: 'Choose a client, or order for a guest' },
      lines: { message: 'Add at least one piece' },
    });

    const bad = await resolve(
      form({
        customerMode: 'guest',
        guest: { name: '', email: 'nope' },
        lines: [
          { productId: ring.id, quantity: 0, unitPrice: '' },
          { productId: onRequest.id, quantity: 1, unitPrice: '' },
        ],
      }),
    );
    expect(bad.errors).toMatchObject({
      guest: { name: { message: 'Enter the client’s name' }, email: { message: 'Enter a valid email address' } },
      lines: [{ quantity: { message: 'At least 1' } }, { unitPrice: { message: 'Enter the agreed price' } }],
    });

    const ok = await resolve(form({ lines: [{ productId: ring.id, quantity: 2, unitPrice: '' }] }));
    expect(ok.errors).toEqual({});
  });

  it('maps the server’s detail paths onto the form', () => {
    expect(formFieldOf('lines.2.quantity')).toBe('lines.2.quantity');
    expect(formFieldOf('lines.0.productId')).toBe('lines.0.quantity');
    expect(formFieldOf('paymentTerms.firstDueDate')).toBe('terms.firstDueDate');
    expect(formFieldOf('guest')).toBe('guest.name');
    expect(formFieldOf('somethingElse')).toBe('');
  });
});
