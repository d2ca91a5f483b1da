import {
  PAYMENT_METHODS,
  RecordPaymentBodySchema,
  type Order,
  type Payment,
  type RecordPaymentBody,
  type ScheduleItem,
} from '@mirror/contract';
import { z } from 'zod';

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  CARD: 'Card',
  BANK_TRANSFER: 'Bank transfer',
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
};

/**
 * An amount typed in major units ('4,500', '4500.5', '€ 4 500,00' is refused) → integer minor units,
 * or null when it is not a plain positive amount with at most two decimals.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^[€£$]\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.') as [string, string?];
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → what the amount field shows: '4500' or '4500.50' (no grouping: easy to edit). */
export function amountText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

export interface PaymentFormValues {
  amount: string;
  method: (typeof PAYMENT_METHODS)[number];
  reference: string;
  receivedOn: string;
}

export const PAYMENT_FORM_FIELDS = ['amount', 'method', 'reference', 'receivedOn'] as const;

export function paymentFormDefaults(item: ScheduleItem, today: string): PaymentFormValues {
  return { amount: amountText(item.remaining), method: 'BANK_TRANSFER', reference: '', receivedOn: today };
}

/** The dialog's values in, the contract's RecordPaymentBody out (its rules, plus the amount's format). */
export const PaymentFormSchema = z
  .object({ amount: z.string(), method: z.enum(PAYMENT_METHODS), reference: z.string(), receivedOn: z.string() })
  .transform((values, ctx): RecordPaymentBody => {
    const amount = parseAmount(values.amount);
    if (amount === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: values.amount.trim() ? 'Enter an amount such as 4500 or 4500.50' : 'Enter the amount received',
      });
      return z.NEVER;
    }
    if (!values.receivedOn) {
      ctx.addIssue({ code: 'custom', path: ['receivedOn'], message: 'Choose the day the payment was received' });
      return z.NEVER;
    }
    const body = {
      amount,
      method: values.method,
      receivedOn: values.receivedOn,
      ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
    };
    const result = RecordPaymentBodySchema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

export interface ReceiptFigures {
  payment: Payment;
  /** The schedule item it paid (null if the schedule was replaced since, which the API forbids after a payment). */
  item: ScheduleItem | null;
  /** Everything paid on the order up to and including this payment, in the order payments were recorded. */
  paidToDate: number;
  /** What the order still owed once this payment was recorded. */
  remaining: number;
}

/** What a receipt states for one payment, as of that payment (later payments do not change an old receipt). */
export function receiptFigures(order: Pick<Order, 'total' | 'payments' | 'schedule'>, paymentId: string): ReceiptFigures | null {
  const index = order.payments.findIndex((p) => p.id === paymentId);
  if (index < 0) return null;
  const payment = order.payments[index]!;
  const paidToDate = order.payments.slice(0, index + 1).reduce((sum, p) => sum + p.amount, 0);
  return {
    payment,
    item: order.schedule.find((s) => s.id === payment.scheduleItemId) ?? null,
    paidToDate,
    remaining: Math.max(0, order.total - paidToDate),
  };
}

/** A short, stable receipt number from the payment id: 'R-3F9A0C12'. */
export function receiptNumber(paymentId: string): string {
  return `R-${paymentId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}
