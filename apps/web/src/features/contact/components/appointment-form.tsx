import type { EmailModels } from '@mirror/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Captcha, isCaptchaEnabled } from '../../../components/form/captcha';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useRequestAppointment } from '../api/contact.mutations';
import type { AppointmentForm } from '../contact-schemas';
import { appointmentDays, appointmentSlots, type BookableBoutique } from '../slots';
import styles from './contact.module.css';

const rules = lazyResolver(() => import('../contact-schemas').then((m) => m.appointmentResolver));
const FIELDS: readonly Path<AppointmentForm>[] = [
  'name',
  'email',
  'phone',
  'location',
  'service',
  'preferredDate',
  'preferredTime',
  'message',
];

const SERVICES = [
  'Private viewing',
  'Bridal consultation',
  'Bespoke design',
  'Resizing',
  'Cleaning',
  'Engraving',
  'Appraisal',
  'Repair',
] as const;

export function toAppointmentModel(form: AppointmentForm): EmailModels['APPOINTMENT_REQUEST'] {
  const { pieces, ...model } = form;
  const message = [pieces ? `Pieces of interest: ${pieces}` : null, model.message].filter(Boolean).join('\n\n');
  return { ...model, message: message || undefined };
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export interface AppointmentFormProps {
  boutiques: readonly BookableBoutique[];
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
    setValue,
    watch,
    formState: { errors },
  } = useForm<AppointmentForm>({
    resolver: rules.resolver,
    mode: 'onTouched',
    values: { location: defaultBoutique ?? '', pieces: defaultPieces ?? '' } as AppointmentForm,
    resetOptions: { keepDirtyValues: true },
  });

  // The days the chosen boutique receives, and the hours of the chosen day, from its opening hours.
  const boutique = boutiques.find((b) => b.label === watch('location'));
  const date = watch('preferredDate');
  const time = watch('preferredTime');
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const days = useMemo(() => appointmentDays(boutique?.openingHours, today), [boutique, today]);
  const slots = useMemo(() => (boutique && date ? appointmentSlots(boutique.openingHours, date) : []), [boutique, date]);
  useEffect(() => {
    if (date && !days.some((d) => d.value === date)) setValue('preferredDate', undefined);
  }, [date, days, setValue]);
  useEffect(() => {
    if (time && !slots.includes(time)) setValue('preferredTime', undefined);
  }, [time, slots, setValue]);

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
    <form
      className={[styles.form, styles.appointment].join(' ')}
      onSubmit={onSubmit}
      onFocus={rules.preload}
      noValidate
      aria-label="Appointment request"
    >
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <Select
        label="Boutique"
        placeholder="Choose a boutique"
        options={boutiques.map((b) => ({ value: b.label, label: b.label }))}
        error={errors.location?.message}
        {...register('location')}
      />
      <div className={[styles.row, styles.when].join(' ')}>
        <Select
          label="Date"
          placeholder={boutique ? 'Any day' : 'Choose a boutique first'}
          disabled={!boutique}
          options={days}
          error={errors.preferredDate?.message}
          {...register('preferredDate', { setValueAs: emptyToUndefined })}
        />
        <Select
          label="Time"
          placeholder={date ? 'Any time' : 'Choose a day first'}
          disabled={!date}
          options={slots.map((t) => ({ value: t, label: t }))}
          error={errors.preferredTime?.message}
          {...register('preferredTime', { setValueAs: emptyToUndefined })}
        />
      </div>
      <div className={styles.row}>
        <Select
          label="Reason"
          placeholder="A private viewing"
          options={SERVICES.map((s) => ({ value: s, label: s }))}
          {...register('service', { setValueAs: emptyToUndefined })}
        />
        <Input
          label="Phone"
          type="tel"
          isOptional
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone', { setValueAs: emptyToUndefined })}
        />
      </div>
      <Input
        label="Pieces of interest"
        isOptional
        hint="A name or a reference."
        error={errors.pieces?.message}
        {...register('pieces', { setValueAs: emptyToUndefined })}
      />
      <div className={styles.row}>
        <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      </div>
      <Textarea
        label="Message"
        isOptional
        rows={2}
        error={errors.message?.message}
        {...register('message', { setValueAs: emptyToUndefined })}
      />
      <Captcha onToken={onToken} />
      {/* Always in view: the dialog scrolls under it on a short screen. */}
      <div className={styles.appointmentActions}>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
          {request.isPending ? 'Sending…' : 'Request the appointment'}
        </Button>
      </div>
    </form>
  );
}
