import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterUserBodySchema, type RegisterUserBody } from '@mirror/contract';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useRegister } from '../api/auth.mutations';
import { authStyles as styles } from './auth-layout';
import { applyServerErrors } from '../../../components/form/server-errors';

const FIELDS: readonly Path<RegisterUserBody>[] = ['username', 'email', 'password', 'firstName', 'lastName', 'phone'];

/** Optional fields left empty are not sent at all. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export interface RegisterFormProps {
  onRegistered: () => void;
  loginHref: string;
}

export function RegisterForm({ onRegistered, loginHref }: RegisterFormProps) {
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterUserBody>({
    resolver: zodResolver(RegisterUserBodySchema),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: onRegistered,
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="page-title">
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
