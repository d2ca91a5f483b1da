import type { RegisterUserBody } from '@mirror/contract';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useRegister, useSignIn } from '../api/auth.mutations';
import { errorText } from '../../../lib/errors';
import { authStyles as styles } from './auth-layout';
import { applyServerErrors } from '../../../components/form/server-errors';

const rules = lazyResolver(() => import('../auth-schemas').then((m) => m.registerResolver));

const FIELDS: readonly Path<RegisterUserBody>[] = ['username', 'email', 'password', 'firstName', 'lastName', 'phone'];

/** Optional fields left empty are not sent at all. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export interface RegisterFormProps {
  /** After "Continue" has signed the new account in. */
  onRegistered: () => void;
  loginHref: string;
}

interface Sent {
  email: string;
  username: string;
  password: string;
}

/**
 * "Check your inbox": shown after every accepted registration, whether the address was new or already
 * had an account (the server answers both alike; the email says which). Continue is an ordinary
 * sign-in with what was just typed: it works at once for a new account.
 */
function RegistrationSent({ sent, onRegistered, loginHref }: { sent: Sent } & RegisterFormProps) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className={styles.form} aria-labelledby="page-title">
      <header className={styles.header}>
        <p className="eyebrow">Your account</p>
        <h1 id="page-title" className={styles.title} tabIndex={-1} ref={(el) => el?.focus()}>
          Check your inbox
        </h1>
        <p className={styles.intro}>
          We have written to <strong className={styles.address}>{sent.email}</strong>.
        </p>
      </header>
      <p>If the address is new to us, your account is ready: continue with the username and password you have just chosen.</p>
      <p className={styles.intro}>If an account already uses this address, our note explains how to reach it.</p>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        isBlock
        disabled={signIn.isPending}
        aria-busy={signIn.isPending || undefined}
        onClick={() => {
          setError(null);
          signIn.mutate(
            { username: sent.username, password: sent.password },
            { onSuccess: onRegistered, onError: (e) => setError(`${errorText(e)} If an account already uses ${sent.email}, our note explains how to reach it.`) },
          );
        }}
      >
        {signIn.isPending ? 'Signing in…' : 'Continue'}
      </Button>
      <p className={styles.switch}>
        Already have an account?
        <Link to={loginHref}>Sign in</Link>
      </p>
    </section>
  );
}

export function RegisterForm({ onRegistered, loginHref }: RegisterFormProps) {
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterUserBody>({
    resolver: rules.resolver,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: (receipt) => setSent({ email: receipt.email, username: values.username, password: values.password }),
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  if (sent) return <RegistrationSent sent={sent} onRegistered={onRegistered} loginHref={loginHref} />;
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={rules.preload} noValidate aria-labelledby="page-title">
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
      <Input label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username?.message} {...register('username')} />
      <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <div className={styles.row}>
        <Input label="First name" isOptional autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', { setValueAs: emptyToUndefined })} />
        <Input label="Last name" isOptional autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', { setValueAs: emptyToUndefined })} />
      </div>
      <Input label="Phone" isOptional type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone', { setValueAs: emptyToUndefined })} />
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
