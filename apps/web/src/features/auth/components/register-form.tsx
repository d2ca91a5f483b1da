import type { RegisterUserBody } from '@mirror/contract';
import { CONFIRMATION_TTL_HOURS } from '@mirror/contract/constants';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useRegister, useResendConfirmation } from '../api/auth.mutations';
import { errorText } from '../../../lib/errors';
import { authStyles as styles } from './auth-layout';
import { applyServerErrors } from '../../../components/form/server-errors';

const rules = lazyResolver(() => import('../auth-schemas').then((m) => m.registerResolver));

const FIELDS: readonly Path<RegisterUserBody>[] = ['username', 'email', 'password', 'firstName', 'lastName', 'phone'];

/** Optional fields left empty are not sent at all. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export interface RegisterFormProps {
  loginHref: string;
}

/**
 * What a registration posted before the app started came back with (auth-forms.routes.ts, decision 0121):
 * the form's code (`?error=`), and the fields to correct (`?fields=`), worded here as the contract's rules are.
 */
const FORM_ERRORS: Record<string, string> = {
  invalid: 'Some fields are not valid.',
  taken: 'This username is already taken.',
  throttled: 'Too many attempts. Please wait a few minutes and try again.',
  unavailable: 'We could not create your account just now. Please try again.',
};
const FIELD_ERRORS: Record<Path<RegisterUserBody>, string> = {
  username: 'Username must be 3 to 40 letters, digits, dots, dashes or underscores',
  email: 'Enter a valid email address',
  password: 'Password must be at least 10 characters',
  firstName: 'At most 100 characters',
  lastName: 'At most 100 characters',
  phone: 'Enter a valid phone number',
};

export interface RegisterFormPageProps extends RegisterFormProps {
  /** Where the form posts until the app has started, or without JavaScript: the server registers. */
  action: string;
  formError?: string | null;
  invalidFields?: readonly string[];
  /** A registration posted to the server was accepted (`?sent=1`). */
  isSent?: boolean;
}

/**
 * "Check your inbox": shown after every accepted registration, whether the address was new or already
 * had an account (the server answers both alike; the email says which). A new address gets a link: the
 * account exists once it is opened, so nothing signs in from here.
 */
function RegistrationSent({ email, loginHref }: { email: string | null } & RegisterFormProps) {
  const resend = useResendConfirmation();
  return (
    <section className={styles.form} aria-labelledby="page-title">
      <header className={styles.header}>
        <p className="eyebrow">Your account</p>
        <h1 id="page-title" className={styles.title} tabIndex={-1} ref={(el) => el?.focus()}>
          Check your inbox
        </h1>
        <p className={styles.intro}>
          {email ? (
            <>
              We have written to <strong className={styles.address}>{email}</strong>.
            </>
          ) : (
            'We have written to the address you gave.'
          )}
        </p>
      </header>
      <p>
        Open the link in our email within {CONFIRMATION_TTL_HOURS} hours to confirm your address. Your account is created then, and you can
        sign in.
      </p>
      <p className={styles.intro}>If an account already uses this address, our note explains how to reach it.</p>
      {!email ? null : resend.isSuccess ? (
        <p className={styles.note} role="status">
          If a registration is waiting for this address, a new link is on its way.
        </p>
      ) : (
        <div className={styles.inline}>
          {resend.isError ? (
            <p className={styles.alert} role="alert">
              {errorText(resend.error)}
            </p>
          ) : null}
          <p className={styles.hint}>Nothing after a few minutes? Look in your spam folder first.</p>
          <Button
            variant="secondary"
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={() => resend.mutate({ email })}
          >
            {resend.isPending ? 'Sending…' : 'Send the link again'}
          </Button>
        </div>
      )}
      <p className={styles.switch}>
        Already confirmed?
        <Link to={loginHref}>Sign in</Link>
      </p>
    </section>
  );
}

export function RegisterForm({ loginHref, action, formError: postedError, invalidFields = [], isSent }: RegisterFormPageProps) {
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(() =>
    postedError ? (FORM_ERRORS[postedError] ?? FORM_ERRORS.unavailable!) : null,
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<RegisterUserBody>({
    resolver: rules.resolver,
    mode: 'onTouched',
    // No default values: react-hook-form takes what the server-rendered fields hold (typed before hydration).
  });
  // A posted field's error stands until the field is checked here (left, or the form submitted).
  const errorOf = (field: Path<RegisterUserBody>) =>
    errors[field]?.message ?? (invalidFields.includes(field) && !touchedFields[field] && !isSubmitted ? FIELD_ERRORS[field] : undefined);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: (receipt) => setSentTo(receipt.email),
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  if (sentTo || isSent) return <RegistrationSent email={sentTo} loginHref={loginHref} />;
  return (
    <form
      className={styles.form}
      method="post"
      action={action}
      onSubmit={onSubmit}
      onFocus={rules.preload}
      noValidate
      aria-labelledby="page-title"
    >
      <header className={styles.header}>
        <p className="eyebrow">Your account</p>
        <h1 id="page-title" className={styles.title}>
          Create an account
        </h1>
        <p className={styles.intro}>Follow your orders, appointments and favourite pieces.</p>
      </header>
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <Input
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errorOf('username')}
        {...register('username')}
      />
      <Input label="Email" type="email" autoComplete="email" error={errorOf('email')} {...register('email')} />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errorOf('password')}
        {...register('password')}
      />
      <div className={styles.row}>
        <Input
          label="First name"
          isOptional
          autoComplete="given-name"
          error={errorOf('firstName')}
          {...register('firstName', { setValueAs: emptyToUndefined })}
        />
        <Input
          label="Last name"
          isOptional
          autoComplete="family-name"
          error={errorOf('lastName')}
          {...register('lastName', { setValueAs: emptyToUndefined })}
        />
      </div>
      <Input
        label="Phone"
        isOptional
        type="tel"
        autoComplete="tel"
        error={errorOf('phone')}
        {...register('phone', { setValueAs: emptyToUndefined })}
      />
      <Button type="submit" isBlock disabled={registration.isPending} aria-busy={registration.isPending || undefined}>
        {registration.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className={styles.switch}>
        Already have an account?
        <Link to={loginHref}>Sign in</Link>
      </p>
    </form>
  );
}
