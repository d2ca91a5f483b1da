import { describe, expect, it } from 'vitest';
import { PaymentFormSchema, amountText, parseAmount, receiptFigures, receiptNumber } from './payment-form';
import { order, payment, scheduleItem } from './test/fixtures';

describe('parseAmount', () => {
  it('reads amounts in major units into minor units', () => {
    expect(parseAmount('4500')).toBe(450_000);
    expect(parseAmount('4,500')).toBe(450_000);
    expect(parseAmount('4500.5')).toBe(450_050);
    expect(parseAmount(' €1,234,567.89 ')).toBe(123_456_789);
    expect(parseAmount('0.01')).toBe(1);
  });

  it('refuses what it cannot read for certain', () => {
    for (const text of ['', 'abc', '12,5', '4.555', '-10', '1e3', '4 500']) expect(parseAmount(text), text).toBeNull();
  });

  it('writes minor units back for the field', () => {
    expect(amountText(450_000)).toBe('4500');
    expect(amountText(450_050)).toBe('4500.50');
    expect(parseAmount(amountText(123_456_789))).toBe(123_456_789);
  });
});

describe('PaymentFormSchema', () => {
  it('gives the contract’s body, the reference left out when empty', () => {
    expect(PaymentFormSchema.parse({ amount: '1,000', method: 'CASH', reference: '  ', receivedOn: '2026-11-20' })).toEqual({
      amount: 100_000,
      method: 'CASH',
      receivedOn: '2026-11-20',
    });
    expect(PaymentFormSchema.parse({ amount: '10', method: 'CHEQUE', reference: ' CHQ 1 ', receivedOn: '2026-11-20' })).toMatchObject({
      reference: 'CHQ 1',
    });
  });

  it('names the field at fault', () => {
    const zero = PaymentFormSchema.safeParse({ amount: '0', method: 'CASH', reference: '', receivedOn: '2026-11-20' });
    expect(zero.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'The amount must be more than 0']]);
    const noDate = PaymentFormSchema.safeParse({ amount: '5', method: 'CASH', reference: '', receivedOn: '' });
    expect(noDate.error!.issues[0]!.path).toEqual(['receivedOn']);
  });
});

describe('receiptFigures', () => {
  const first = payment({ id: '40000000-0000-4000-8000-0000000000b1', amount: 300_000 });
  const second = payment({ id: '40000000-0000-4000-8000-0000000000b2', amount: 200_000, scheduleItemId: 'none' });
  const o = order({ total: 900_000, paidAmount: 500_000, payments: [first, second] });

  it('states the balance as of each payment, whatever came after', () => {
    expect(receiptFigures(o, first.id)).toMatchObject({ payment: first, paidToDate: 300_000, remaining: 600_000, item: scheduleItem() });
    expect(receiptFigures(o, second.id)).toMatchObject({ payment: second, paidToDate: 500_000, remaining: 400_000, item: null });
    expect(receiptFigures(o, 'missing')).toBeNull();
  });

  it('numbers receipts from the payment id', () => {
    expect(receiptNumber('3f9a0c12-aaaa-4bbb-8ccc-000000000000')).toBe('R-3F9A0C12');
  });
});
