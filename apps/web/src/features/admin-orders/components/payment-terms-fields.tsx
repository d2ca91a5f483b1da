import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { formatMoney, formatShortDate } from '../../../lib/format';
import type { OrderFormValues, SchedulePreview } from '../order-form';
import styles from './order-new.module.css';

const TERM_OPTIONS = [
  { value: 'FULL', label: 'Paid in full' },
  { value: 'DEPOSIT_BALANCE', label: 'Deposit and balance' },
  { value: 'INSTALLMENTS', label: 'Instalments' },
];

export interface PaymentTermsFieldsProps {
  register: UseFormRegister<OrderFormValues>;
  errors: FieldErrors<OrderFormValues>['terms'];
  type: OrderFormValues['terms']['type'];
  today: string;
  total: number;
  currency: string;
  hasLines: boolean;
  preview: SchedulePreview;
}

/** The terms' fields for the chosen type, and the schedule they give — live, from the server's own planner. */
export function PaymentTermsFields({ register, errors, type, today, total, currency, hasLines, preview }: PaymentTermsFieldsProps) {
  return (
    <div className={styles.terms}>
      <div className={styles.termFields}>
        <Select label="Terms" options={TERM_OPTIONS} error={errors?.type?.message} {...register('terms.type')} />
        {type === 'FULL' ? (
          <Input label="Due date" type="date" min={today} error={errors?.dueDate?.message} {...register('terms.dueDate')} />
        ) : null}
        {type === 'DEPOSIT_BALANCE' ? (
          <>
            <Input
              label="Deposit (%)"
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              step={1}
              hint="Due today"
              error={errors?.depositPercent?.message}
              {...register('terms.depositPercent', { valueAsNumber: true })}
            />
            <Input
              label="Balance due"
              type="date"
              min={today}
              error={errors?.balanceDueDate?.message}
              {...register('terms.balanceDueDate')}
            />
          </>
        ) : null}
        {type === 'INSTALLMENTS' ? (
          <>
            <Input
              label="Instalments"
              type="number"
              inputMode="numeric"
              min={2}
              max={36}
              step={1}
              error={errors?.installments?.message}
              {...register('terms.installments', { valueAsNumber: true })}
            />
            <Input label="First due" type="date" min={today} error={errors?.firstDueDate?.message} {...register('terms.firstDueDate')} />
            <Input
              label="Every (months)"
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              step={1}
              error={errors?.intervalMonths?.message}
              {...register('terms.intervalMonths', { valueAsNumber: true })}
            />
          </>
        ) : null}
      </div>
      <section className={styles.preview} aria-labelledby="schedule-preview-title" aria-live="polite">
        <h3 id="schedule-preview-title" className={styles.previewTitle}>
          Schedule preview
        </h3>
        {!hasLines ? (
          <p className={styles.hint}>Add pieces to see the payment schedule.</p>
        ) : preview.error ? (
          <p className={styles.hint}>{preview.error.message}</p>
        ) : (
          <table className={styles.previewTable}>
            <caption className="visually-hidden">Payment schedule</caption>
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
                  <td className={styles.num}>{formatShortDate(item.dueDate)}</td>
                  <td className={`${styles.num} ${styles.end}`}>{formatMoney(item.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className={`${styles.num} ${styles.end}`}>{formatMoney(total, currency)}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
    </div>
  );
}
