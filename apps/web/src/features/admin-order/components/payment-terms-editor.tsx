import { zodResolver } from '@hookform/resolvers/zod';
import { PAYMENT_TERM_TYPES, type Order, type PaymentTerms } from '@mirror/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Select } from '../../../components/ui/select';
import { showToast } from '../../../components/ui/toast';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { useSetPaymentTerms } from '../api/admin-order.mutations';
import {
  TERMS_FORM_FIELDS,
  TERM_TYPE_LABELS,
  describeTerms,
  intervalText,
  previewSchedule,
  termsFormSchema,
  toTermsFormValues,
  todayUtc,
  type TermsFormValues,
} from '../terms-form';
import styles from './admin-order.module.css';

const INTERVAL_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: intervalText(i + 1) }));

/** Why the terms cannot change, or null when they can (the server's rules, said before anyone tries). */
function lockReason(order: Order): string | null {
  if (order.status === 'CANCELLED' || order.status === 'COMPLETED')
    return `The payment terms of a ${order.status === 'CANCELLED' ? 'cancelled' : 'completed'} order cannot change.`;
  if (order.paidAmount > 0) {
    const first = order.payments[0];
    return `Locked since the first payment${first ? ` (${formatMoney(first.amount, first.currency)}, received ${formatShortDate(first.receivedOn)})` : ''}: once money is received the schedule it was paid against stays as it is.`;
  }
  return null;
}

/**
 * Payment terms: in full (due date), deposit and balance (deposit % and the balance's due date), or
 * instalments (count, first due date, interval), with the schedule they give previewed live by the
 * server's own planSchedule. Saving regenerates the schedule; after the first payment it is locked.
 */
export function PaymentTermsEditor({ order }: { order: Order }) {
  const reason = lockReason(order);
  return (
    <section className={styles.section} aria-labelledby="order-terms-title">
      <div className={styles.sectionHeader}>
        <h2 id="order-terms-title" className={styles.sectionTitle}>
          Payment terms
        </h2>
        <p className={styles.secondary} data-testid="terms-summary">
          {describeTerms(order.paymentTerms, formatShortDate)}
        </p>
      </div>
      {reason ? (
        <div className={styles.locked} data-testid="terms-locked">
          <p>{reason}</p>
        </div>
      ) : (
        <TermsForm key={JSON.stringify(order.paymentTerms)} order={order} />
      )}
    </section>
  );
}

function TermsForm({ order }: { order: Order }) {
  const today = todayUtc();
  const save = useSetPaymentTerms(order.id);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => termsFormSchema(order.total, today), [order.total, today]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TermsFormValues, unknown, PaymentTerms>({
    resolver: zodResolver(schema),
    defaultValues: toTermsFormValues(order.paymentTerms, today),
    mode: 'onTouched',
  });

  const values = watch();
  // Untouched, the table shows the stored schedule (its dates were set when the terms were saved).
  const preview = isDirty ? previewSchedule(order.total, values, today) : { items: order.schedule, problems: [] };

  const onSubmit = handleSubmit(async (terms) => {
    setFormError(null);
    try {
      const updated = await save.mutateAsync(terms);
      reset(toTermsFormValues(updated.paymentTerms, today));
      showToast(`Payment terms saved: ${updated.schedule.length} ${updated.schedule.length === 1 ? 'payment' : 'payments'} scheduled`);
    } catch (error) {
      setFormError(applyServerErrors<TermsFormValues>(error, TERMS_FORM_FIELDS, setError, 'paymentTerms.'));
    }
  });

  const isBusy = isSubmitting || save.isPending;
  return (
    <>
      <UnsavedChangesGuard isDirty={isDirty} />
      <form className={styles.termsForm} onSubmit={onSubmit} noValidate aria-labelledby="order-terms-title">
        {formError ? (
          <p className={styles.formAlert} role="alert">
            {formError}
          </p>
        ) : null}
        <fieldset className={styles.typeChoice}>
          <legend>Terms</legend>
          {PAYMENT_TERM_TYPES.map((type) => (
            <label key={type} className={styles.typeOption}>
              <input type="radio" value={type} {...register('type')} />
              {TERM_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <div className={styles.fields}>
          {values.type === 'FULL' ? (
            <Input
              label="Due date"
              type="date"
              min={today}
              isOptional
              hint="Empty: due on the day you save."
              error={errors.dueDate?.message}
              {...register('dueDate')}
            />
          ) : null}
          {values.type === 'DEPOSIT_BALANCE' ? (
            <>
              <Input
                label="Deposit (%)"
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                step={1}
                hint="Due on the day you save."
                error={errors.depositPercent?.message}
                {...register('depositPercent', { valueAsNumber: true })}
              />
              <Input
                label="Balance due date"
                type="date"
                min={today}
                error={errors.balanceDueDate?.message}
                {...register('balanceDueDate')}
              />
            </>
          ) : null}
          {values.type === 'INSTALLMENTS' ? (
            <>
              <Input
                label="Number of instalments"
                type="number"
                inputMode="numeric"
                min={2}
                max={36}
                step={1}
                error={errors.installments?.message}
                {...register('installments', { valueAsNumber: true })}
              />
              <Input
                label="First due date"
                type="date"
                min={today}
                isOptional
                hint="Empty: the day you save."
                error={errors.firstDueDate?.message}
                {...register('firstDueDate')}
              />
              <Select
                label="Interval"
                options={INTERVAL_OPTIONS}
                error={errors.intervalMonths?.message}
                {...register('intervalMonths', { setValueAs: (v: string | number) => Number(v) })}
              />
            </>
          ) : null}
        </div>

        <div className={styles.preview} aria-live="polite" data-testid="terms-preview">
          <p className={styles.previewTitle}>{isDirty ? 'The schedule these terms give' : 'The schedule as it stands'}</p>
          {preview.items ? (
            <ScrollRegion className={styles.tableWrap} role="group" label="Schedule preview">
              <table className={`${styles.table} ${styles.previewTable}`}>
                <caption className="visually-hidden">Schedule preview</caption>
                <thead>
                  <tr>
                    <th scope="col">Payment</th>
                    <th scope="col">Due</th>
                    <th scope="col" className={styles.end}>
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {preview.items.map((item) => (
                    <tr key={item.sequence}>
                      <td>{item.label}</td>
                      <td>{formatShortDate(item.dueDate)}</td>
                      <td className={styles.end}>{formatMoney(item.amount, order.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <p className={styles.secondary}>{preview.problems[0]?.message ?? 'Complete the terms to see the schedule.'}</p>
          )}
          <p className={styles.secondary}>
            Saving replaces the current schedule; the amounts always add up to {formatMoney(order.total, order.currency)}.
          </p>
        </div>

        <div className={styles.saveBar}>
          <p className={styles.saveState} role="status">
            {isBusy ? 'Saving…' : isDirty ? 'Unsaved changes' : ''}
          </p>
          {isDirty ? (
            <Button variant="ghost" size="small" onClick={() => reset()} disabled={isBusy}>
              Discard
            </Button>
          ) : null}
          <Button type="submit" size="small" disabled={isBusy || !isDirty} aria-busy={isBusy || undefined}>
            Save terms
          </Button>
        </div>
      </form>
    </>
  );
}
