import {
  PAYMENT_TERM_TYPES,
  PaymentTermsSchema,
  ScheduleError,
  addMonths,
  planSchedule,
  type PaymentTerms,
  type PlannedItem,
} from '@mirror/contract';
import { z } from 'zod';

export type PaymentTermType = (typeof PAYMENT_TERM_TYPES)[number];

export const TERM_TYPE_LABELS: Record<PaymentTermType, string> = {
  FULL: 'Payment in full',
  DEPOSIT_BALANCE: 'Deposit and balance',
  INSTALLMENTS: 'Instalments',
};

/**
 * The terms editor keeps every type's fields at once, so switching type and back loses nothing.
 * Dates are 'YYYY-MM-DD' or '' (for the optional ones: the day the terms are saved); numbers come
 * from number inputs (NaN when empty).
 */
export interface TermsFormValues {
  type: PaymentTermType;
  dueDate: string;
  depositPercent: number;
  balanceDueDate: string;
  installments: number;
  firstDueDate: string;
  intervalMonths: number;
}

export const TERMS_FORM_FIELDS = [
  'type',
  'dueDate',
  'depositPercent',
  'balanceDueDate',
  'installments',
  'firstDueDate',
  'intervalMonths',
] as const;

/** The form's values for the order's current terms; the other types get sensible starting values. */
export function toTermsFormValues(terms: PaymentTerms, today: string): TermsFormValues {
  const values: TermsFormValues = {
    type: terms.type,
    dueDate: '',
    depositPercent: 30,
    balanceDueDate: addMonths(today, 2),
    installments: 3,
    firstDueDate: '',
    intervalMonths: 1,
  };
  switch (terms.type) {
    case 'FULL':
      return { ...values, dueDate: terms.dueDate ?? '' };
    case 'DEPOSIT_BALANCE':
      return { ...values, depositPercent: terms.depositPercent, balanceDueDate: terms.balanceDueDate };
    case 'INSTALLMENTS':
      return {
        ...values,
        installments: terms.installments,
        firstDueDate: terms.firstDueDate ?? '',
        intervalMonths: terms.intervalMonths ?? 1,
      };
  }
}

/** The request body for the chosen type (not yet validated): only that type's fields, empty optionals left out. */
export function toPaymentTermsInput(values: TermsFormValues): Record<string, unknown> {
  switch (values.type) {
    case 'FULL':
      return { type: 'FULL', ...(values.dueDate ? { dueDate: values.dueDate } : {}) };
    case 'DEPOSIT_BALANCE':
      return { type: 'DEPOSIT_BALANCE', depositPercent: values.depositPercent, balanceDueDate: values.balanceDueDate };
    case 'INSTALLMENTS':
      return {
        type: 'INSTALLMENTS',
        installments: values.installments,
        ...(values.firstDueDate ? { firstDueDate: values.firstDueDate } : {}),
        intervalMonths: values.intervalMonths,
      };
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** The contract's rules on the chosen type's fields; an empty number reads 'Enter a number'. */
export function parseTerms(values: TermsFormValues): { terms: PaymentTerms; problems: [] } | { terms: null; problems: FieldProblem[] } {
  const input = toPaymentTermsInput(values);
  const result = PaymentTermsSchema.safeParse(input);
  if (result.success) return { terms: result.data, problems: [] };
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    const value = input[path];
    const isEmpty = value === '' || (typeof value === 'number' && Number.isNaN(value));
    const message = isEmpty ? (typeof value === 'number' ? 'Enter a number' : 'Choose a date') : issue.message;
    return { path, message };
  });
  return { terms: null, problems };
}

export type TermsPreview = { items: PlannedItem[]; problems: [] } | { items: null; problems: FieldProblem[] };

/**
 * The schedule these terms would give the order — the very function the server runs when they are
 * saved (`planSchedule` from the contract), so the preview is what gets stored.
 */
export function previewSchedule(total: number, values: TermsFormValues, today: string): TermsPreview {
  const parsed = parseTerms(values);
  if (!parsed.terms) return { items: null, problems: parsed.problems };
  try {
    return { items: planSchedule(total, parsed.terms, today), problems: [] };
  } catch (error) {
    if (error instanceof ScheduleError) return { items: null, problems: [{ path: error.path, message: error.message }] };
    throw error;
  }
}

const TermsFormFieldsSchema = z.object({
  type: z.enum(PAYMENT_TERM_TYPES),
  dueDate: z.string(),
  depositPercent: z.number(),
  balanceDueDate: z.string(),
  installments: z.number(),
  firstDueDate: z.string(),
  intervalMonths: z.number(),
});

/**
 * The editor's resolver schema: the form's values in, the contract's PaymentTerms out. Problems land
 * on the fields of the chosen type, past dates included (the same rule as the server's).
 */
export function termsFormSchema(total: number, today: string) {
  return TermsFormFieldsSchema.transform((values, ctx): PaymentTerms => {
    const preview = previewSchedule(total, values, today);
    if (preview.items) return parseTerms(values).terms!;
    for (const problem of preview.problems) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    return z.NEVER;
  });
}

/** Today as the server counts it (UTC), 'YYYY-MM-DD'. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** 'Every month', 'Every 3 months'. */
export function intervalText(months: number): string {
  return months === 1 ? 'Every month' : `Every ${months} months`;
}

/** One line for the terms as they stand: 'Deposit 30 %, balance due 23 Jan 2027'. */
export function describeTerms(terms: PaymentTerms, formatDate: (iso: string) => string): string {
  switch (terms.type) {
    case 'FULL':
      return terms.dueDate ? `Payment in full, due ${formatDate(terms.dueDate)}` : 'Payment in full';
    case 'DEPOSIT_BALANCE':
      return `Deposit ${terms.depositPercent} %, balance due ${formatDate(terms.balanceDueDate)}`;
    case 'INSTALLMENTS': {
      const every = (terms.intervalMonths ?? 1) === 1 ? 'monthly' : `every ${terms.intervalMonths} months`;
      return `${terms.installments} instalments, ${every}${terms.firstDueDate ? ` from ${formatDate(terms.firstDueDate)}` : ''}`;
    }
  }
}
