import { zodResolver } from '@hookform/resolvers/zod';
import { AppointmentRequestModelSchema, type EmailModels } from '@mirror/contract';
import { useCallback, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Captcha, isCaptchaEnabled } from '../../../components/form/captcha';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useRequestAppointment } from '../api/contact.mutations';
import styles from './contact.module.css';

/** The request form adds 'pieces of interest', folded into the message the API carries. */
const AppointmentFormSchema = AppointmentRequestModelSchema.extend({
  pieces: z.string().trim().max(300, 'At most 300 characters').optional(),
  location: z.string().trim().min(1, 'Choose a boutique').max(160),
});
type AppointmentForm = z.infer<typeof AppointmentFormSchema>;
const FIELDS: readonly Path<AppointmentForm>[] = ['name', 'email', 'phone', 'location', 'service', 'preferredDate', 'preferredTime', 'message'];

export const TIME_SLOTS = ['Morning (10:00–12:00)', 'Lunchtime (12:00–14:00)', 'Afternoon (14:00–17:00)', 'Evening (17:00–19:00)'] as const;
const SERVICES = ['Private viewing', 'Bridal consultation', 'Bespoke design', 'Resizing', 'Cleaning', 'Engraving', 'Appraisal', 'Repair'] as const;

export function toAppointmentModel(form: AppointmentForm): EmailModels['APPOINTMENT_REQUEST'] {
  const { pieces, ...model } = form;
  const message = [pieces ? `Pieces of interest: ${pieces}` : null, model.message].filter(Boolean).join('\n\n');
  return { ...model, message: message || undefined };
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

export interface AppointmentFormProps {
  boutiques: readonly { value: string; label: string }[];
  defaultBoutique?: string;
  defaultPieces?: string;
  onDone: () => void;
}

export function AppointmentRequestForm({ boutiques, defaultBoutique, defaultPieces, onDone }: AppointmentFormProps) {
  const request = useRequestAppointment();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onToken = useCallback((token: string | null) => setCaptchaToken(token), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AppointmentForm>({
    resolver: zodResolver(AppointmentFormSchema),
    mode: 'onTouched',
    values: { location: defaultBoutique ?? '', pieces: defaultPieces ?? '' } as AppointmentForm,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((form) => {
    setFormError(null);
    if (isCaptchaEnabled() && !captchaToken) {
      setFormError('Please complete the captcha and try again.');
      return;
    }
    request.mutate(
      { model: toAppointmentModel(form), captchaToken: captchaToken ?? undefined },
      {
        onSuccess: () => setIsSent(true),
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError, 'model.')),
      },
    );
  });

  if (isSent)
    return (
      <div className={styles.success} role="status" data-testid="appointment-success">
        <p className={styles.successTitle}>Your request has been received.</p>
        <p>The boutique will confirm your appointment by email within one working day.</p>
        <Button variant="secondary" size="small" onClick={onDone}>
          Close
        </Button>
      </div>
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Appointment request">
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <Select label="Boutique" placeholder="Choose a boutique" options={boutiques} error={errors.location?.message} {...register('location')} />
      <div className={styles.row}>
        <Input label="Date" type="date" min={tomorrow()} error={errors.preferredDate?.message} {...register('preferredDate', { setValueAs: emptyToUndefined })} />
        <Select label="Time" placeholder="Any time" options={TIME_SLOTS.map((t) => ({ value: t, label: t }))} error={errors.preferredTime?.message} {...register('preferredTime', { setValueAs: emptyToUndefined })} />
      </div>
      <Select label="Reason" placeholder="A private viewing" options={SERVICES.map((s) => ({ value: s, label: s }))} {...register('service', { setValueAs: emptyToUndefined })} />
      <Input label="Pieces of interest" isOptional hint="A name or reference, e.g. MIR-RIN-0001." error={errors.pieces?.message} {...register('pieces', { setValueAs: emptyToUndefined })} />
      <div className={styles.row}>
        <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      </div>
      <Input label="Phone" type="tel" isOptional autoComplete="tel" error={errors.phone?.message} {...register('phone', { setValueAs: emptyToUndefined })} />
      <Textarea label="Message" isOptional rows={3} error={errors.message?.message} {...register('message', { setValueAs: emptyToUndefined })} />
      <Captcha onToken={onToken} />
      <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
        {request.isPending ? 'Sending…' : 'Request the appointment'}
      </Button>
    </form>
  );
}
