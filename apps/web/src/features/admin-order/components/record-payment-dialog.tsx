import { zodResolver } from '@hookform/resolvers/zod';
import { PAYMENT_METHODS, type Order, type Payment, type RecordPaymentBody, type ScheduleItem } from '@mirror/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/errors';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { useRecordPayment } from '../api/admin-order.mutations';
import {
  PAYMENT_FORM_FIELDS,
  PAYMENT_METHOD_LABELS,
  PaymentFormSchema,
  paymentFormDefaults,
  type PaymentFormValues,
} from '../payment-form';
import { todayUtc } from '../terms-form';
import styles from './admin-order.module.css';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

export interface RecordPaymentDialogProps {
  order: Pick<Order, 'id' | 'number' | 'currency' | 'createdAt'>;
  /** The schedule item being paid; the dialog is open while it is set. */
  item: ScheduleItem | null;
  onClose: () => void;
  onRecorded?: (payment: Payment) => void;
}

/** No answer (timeout, network): the payment may or may not be recorded; the same key makes a retry safe. */
function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && !error.hasResponse;
}

/**
 * Records a payment on one schedule item. Each opening of the dialog draws one Idempotency-Key
 * (crypto.randomUUID) that every Save of that opening sends: a double click, or Save again after a
 * timeout, records one payment. The amount starts at what the item still owes; the server's refusal
 * of an overpayment is shown on the amount field.
 */
export function RecordPaymentDialog({ order, item, onClose, onRecorded }: RecordPaymentDialogProps) {
  const isOpen = item !== null;
  const record = useRecordPayment(order.id);
  const idempotencyKey = useRef<string | null>(null);
  const isSending = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const today = todayUtc();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PaymentFormValues, unknown, RecordPaymentBody>({
    resolver: zodResolver(PaymentFormSchema),
    defaultValues: item ? paymentFormDefaults(item, today) : undefined,
  });

  const openedFor = isOpen ? item.id : null;
  // A new opening clears the last message (state adjusted while rendering, not in an effect).
  const [messageFor, setMessageFor] = useState(openedFor);
  if (messageFor !== openedFor) {
    setMessageFor(openedFor);
    if (openedFor) setFormError(null);
  }
  useEffect(() => {
    if (!openedFor || !item) {
      idempotencyKey.current = null;
      return;
    }
    // A new opening: a new key, and the form back to what this item still owes.
    idempotencyKey.current = crypto.randomUUID();
    isSending.current = false;
    reset(paymentFormDefaults(item, todayUtc()));
    // Only a new opening resets; a refetched item while open must not wipe what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedFor, reset]);

  // Called from the submit event only: the refs are read then, never while rendering.
  async function save(body: RecordPaymentBody) {
    if (!item || !idempotencyKey.current || isSending.current) return;
    isSending.current = true;
    setFormError(null);
    try {
      const result = await record.mutateAsync({ scheduleId: item.id, body, idempotencyKey: idempotencyKey.current });
      onRecorded?.(result.payment);
      onClose();
    } catch (error) {
      if (isUnanswered(error)) {
        setFormError('No answer from the server, so the payment may not be recorded yet. Save again: it will never be recorded twice.');
      } else if (error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
        setFormError(
          'A payment from this dialog was already recorded with other details. Close it and check the payments list before recording again.',
        );
      } else {
        setFormError(applyServerErrors<PaymentFormValues>(error, PAYMENT_FORM_FIELDS, setError));
      }
    } finally {
      isSending.current = false;
    }
  }

  const isBusy = record.isPending;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Record payment">
      {item ? (
        <form
          className={styles.dialogForm}
          onSubmit={(event) => void handleSubmit(save)(event)}
          noValidate
          aria-label={`Record a payment on ${item.label}`}
        >
          <p className={styles.secondary}>
            <strong className={styles.dialogItem}>{item.label}</strong> of order {order.number}, due {formatShortDate(item.dueDate)}:{' '}
            {formatMoney(item.remaining, item.currency)} of {formatMoney(item.amount, item.currency)} still to pay.
          </p>
          {formError ? (
            <p className={styles.formAlert} role="alert">
              {formError}
            </p>
          ) : null}
          <div className={styles.dialogFields}>
            <Input
              label={`Amount (${item.currency})`}
              inputMode="decimal"
              autoComplete="off"
              hint={`Up to ${formatMoney(item.remaining, item.currency)}`}
              error={errors.amount?.message}
              {...register('amount')}
            />
            <Input
              label="Date received"
              type="date"
              max={today}
              min={order.createdAt.slice(0, 10)}
              error={errors.receivedOn?.message}
              {...register('receivedOn')}
            />
            <Select label="Method" options={METHOD_OPTIONS} error={errors.method?.message} {...register('method')} />
            <Input
              label="Reference"
              isOptional
              maxLength={120}
              autoComplete="off"
              error={errors.reference?.message}
              {...register('reference')}
            />
          </div>
          <div className={styles.dialogActions}>
            <Button variant="ghost" size="small" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="small" disabled={isBusy} aria-busy={isBusy || undefined}>
              {isBusy ? 'Saving…' : 'Save payment'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
