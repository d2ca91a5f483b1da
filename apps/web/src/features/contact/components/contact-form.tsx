import type { EmailModels } from '@mirror/contract';
import { useCallback, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Captcha, isCaptchaEnabled } from '../../../components/form/captcha';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { showToast } from '../../../components/ui/toast';
import { useSendContactMessage } from '../api/contact.mutations';
import styles from './contact.module.css';
import { Textarea } from '../../../components/ui/textarea';

type ContactModel = EmailModels['CONTACT_MESSAGE'];
const FIELDS: readonly Path<ContactModel>[] = ['name', 'email', 'phone', 'subject', 'message'];
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const rules = lazyResolver(() => import('../contact-schemas').then((m) => m.contactResolver));

export function ContactForm() {
  const send = useSendContactMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onToken = useCallback((token: string | null) => setCaptchaToken(token), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactModel>({ resolver: rules.resolver, mode: 'onTouched' });

  const onSubmit = handleSubmit((model) => {
    setFormError(null);
    if (isCaptchaEnabled() && !captchaToken) {
      setFormError('Please complete the captcha and try again.');
      return;
    }
    send.mutate(
      { model, captchaToken: captchaToken ?? undefined },
      {
        onSuccess: () => {
          setIsSent(true);
          reset();
          showToast('Your message has been sent to the Maison.');
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError, 'model.')),
      },
    );
  });

  if (isSent)
    return (
      <div className={styles.success} role="status" data-testid="contact-success">
        <p className={styles.successTitle}>Thank you — your message is with us.</p>
        <p>Our concierge will reply within one working day.</p>
        <Button variant="secondary" size="small" onClick={() => setIsSent(false)}>
          Write another message
        </Button>
      </div>
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={rules.preload} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.formTitle}>
        Write to us
      </h2>
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={styles.row}>
        <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      </div>
      <div className={styles.row}>
        <Input
          label="Phone"
          type="tel"
          isOptional
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone', { setValueAs: emptyToUndefined })}
        />
        <Input label="Subject" isOptional error={errors.subject?.message} {...register('subject', { setValueAs: emptyToUndefined })} />
      </div>
      <Textarea label="Message" rows={6} error={errors.message?.message} {...register('message')} />
      <Captcha onToken={onToken} />
      <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
        {send.isPending ? 'Sending…' : 'Send the message'}
      </Button>
    </form>
  );
}
