import { planSchedule } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import {
  describeTerms,
  parseTerms,
  previewSchedule,
  termsFormSchema,
  toPaymentTermsInput,
  toTermsFormValues,
  type TermsFormValues,
} from './terms-form';

const TODAY = '2026-11-23';
const base = (overrides: Partial<TermsFormValues> = {}): TermsFormValues => ({
  ...toTermsFormValues({ type: 'FULL' }, TODAY),
  ...overrides,
});

describe('terms form ↔ PaymentTerms', () => {
  it('reads each type of terms into the form, with starting values for the other types', () => {
    expect(toTermsFormValues({ type: 'FULL', dueDate: '2027-01-15' }, TODAY)).toEqual({
      type: 'FULL',
      dueDate: '2027-01-15',
      depositPercent: 30,
      balanceDueDate: '2027-01-23',
      installments: 3,
      firstDueDate: '',
      intervalMonths: 1,
    });
    expect(toTermsFormValues({ type: 'DEPOSIT_BALANCE', depositPercent: 40, balanceDueDate: '2027-03-01' }, TODAY)).toMatchObject({
      type: 'DEPOSIT_BALANCE',
      depositPercent: 40,
      balanceDueDate: '2027-03-01',
      dueDate: '',
    });
    expect(
      toTermsFormValues({ type: 'INSTALLMENTS', installments: 6, firstDueDate: '2027-02-01', intervalMonths: 3 }, TODAY),
    ).toMatchObject({
      type: 'INSTALLMENTS',
      installments: 6,
      firstDueDate: '2027-02-01',
      intervalMonths: 3,
    });
    expect(toTermsFormValues({ type: 'INSTALLMENTS', installments: 4 }, TODAY)).toMatchObject({ firstDueDate: '', intervalMonths: 1 });
  });

  it('writes only the chosen type’s fields, leaving empty optional dates out', () => {
    const values = base({
      dueDate: '',
      depositPercent: 25,
      balanceDueDate: '2027-05-01',
      installments: 5,
      firstDueDate: '2027-01-10',
      intervalMonths: 2,
    });
    expect(toPaymentTermsInput({ ...values, type: 'FULL' })).toEqual({ type: 'FULL' });
    expect(toPaymentTermsInput({ ...values, type: 'FULL', dueDate: '2027-01-01' })).toEqual({ type: 'FULL', dueDate: '2027-01-01' });
    expect(toPaymentTermsInput({ ...values, type: 'DEPOSIT_BALANCE' })).toEqual({
      type: 'DEPOSIT_BALANCE',
      depositPercent: 25,
      balanceDueDate: '2027-05-01',
    });
    expect(toPaymentTermsInput({ ...values, type: 'INSTALLMENTS' })).toEqual({
      type: 'INSTALLMENTS',
      installments: 5,
      firstDueDate: '2027-01-10',
      intervalMonths: 2,
    });
    expect(toPaymentTermsInput({ ...values, type: 'INSTALLMENTS', firstDueDate: '' })).toEqual({
      type: 'INSTALLMENTS',
      installments: 5,
      intervalMonths: 2,
    });
  });

  it('round-trips every type through the form unchanged', () => {
    for (const terms of [
      { type: 'FULL', dueDate: '2027-01-15' },
      { type: 'FULL' },
      { type: 'DEPOSIT_BALANCE', depositPercent: 10, balanceDueDate: '2027-06-30' },
      { type: 'INSTALLMENTS', installments: 12, firstDueDate: '2027-01-31', intervalMonths: 1 },
    ] as const) {
      expect(parseTerms(toTermsFormValues(terms, TODAY)).terms).toEqual(terms);
    }
  });

  it('puts the contract’s problems on the chosen type’s fields, an empty number as “Enter a number”', () => {
    expect(parseTerms(base({ type: 'DEPOSIT_BALANCE', depositPercent: 100 })).problems).toEqual([
      { path: 'depositPercent', message: 'Deposit is 1–99 %' },
    ]);
    expect(parseTerms(base({ type: 'DEPOSIT_BALANCE', depositPercent: Number.NaN })).problems).toEqual([
      { path: 'depositPercent', message: 'Enter a number' },
    ]);
    expect(parseTerms(base({ type: 'DEPOSIT_BALANCE', balanceDueDate: '' })).problems).toEqual([
      { path: 'balanceDueDate', message: 'Choose a date' },
    ]);
    expect(parseTerms(base({ type: 'INSTALLMENTS', installments: 1 })).problems).toEqual([
      { path: 'installments', message: 'At least 2 instalments' },
    ]);
    expect(parseTerms(base({ type: 'INSTALLMENTS', intervalMonths: 13 })).problems).toEqual([
      { path: 'intervalMonths', message: 'Every 1–12 months' },
    ]);
    // A bad deposit does not matter while instalments are chosen.
    expect(parseTerms(base({ type: 'INSTALLMENTS', depositPercent: 0 })).problems).toEqual([]);
  });
});

describe('the live preview', () => {
  it('is exactly what the server’s planSchedule stores', () => {
    const values = base({ type: 'INSTALLMENTS', installments: 3, firstDueDate: '2027-01-31', intervalMonths: 1 });
    const preview = previewSchedule(1_000_001, values, TODAY);
    expect(preview.items).toEqual(
      planSchedule(1_000_001, { type: 'INSTALLMENTS', installments: 3, firstDueDate: '2027-01-31', intervalMonths: 1 }, TODAY),
    );
    expect(preview.items!.map((i) => [i.label, i.dueDate, i.amount])).toEqual([
      ['Instalment 1 of 3', '2027-01-31', 333_334],
      ['Instalment 2 of 3', '2027-02-28', 333_334],
      ['Instalment 3 of 3', '2027-03-31', 333_333],
    ]);
    const quarterly = previewSchedule(900_000, { ...values, intervalMonths: 3, firstDueDate: '' }, TODAY);
    expect(quarterly.items!.map((i) => i.dueDate)).toEqual(['2026-11-23', '2027-02-23', '2027-05-23']);
  });

  it('reports a past date on its field, as the server would', () => {
    expect(previewSchedule(5_000, base({ type: 'FULL', dueDate: '2026-11-22' }), TODAY)).toEqual({
      items: null,
      problems: [{ path: 'dueDate', message: 'The due date cannot be in the past' }],
    });
    expect(previewSchedule(5_000, base({ type: 'DEPOSIT_BALANCE', balanceDueDate: '2020-01-01' }), TODAY).problems[0]!.path).toBe(
      'balanceDueDate',
    );
  });

  it('resolves the form to PaymentTerms or to field issues', () => {
    const schema = termsFormSchema(900_000, TODAY);
    expect(schema.parse(base({ type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2027-01-01' }))).toEqual({
      type: 'DEPOSIT_BALANCE',
      depositPercent: 30,
      balanceDueDate: '2027-01-01',
    });
    const bad = schema.safeParse(base({ type: 'INSTALLMENTS', firstDueDate: '2026-01-01' }));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstDueDate', 'The first due date cannot be in the past'],
    ]);
  });
});

describe('describeTerms', () => {
  const date = (iso: string) => `<${iso}>`;
  it('says the terms in one line', () => {
    expect(describeTerms({ type: 'FULL' }, date)).toBe('Payment in full');
    expect(describeTerms({ type: 'DEPOSIT_BALANCE', depositPercent: 30, balanceDueDate: '2027-01-01' }, date)).toBe(
      'Deposit 30 %, balance due <2027-01-01>',
    );
    expect(describeTerms({ type: 'INSTALLMENTS', installments: 3 }, date)).toBe('3 instalments, monthly');
    expect(describeTerms({ type: 'INSTALLMENTS', installments: 4, intervalMonths: 3, firstDueDate: '2027-02-01' }, date)).toBe(
      '4 instalments, every 3 months from <2027-02-01>',
    );
  });
});
