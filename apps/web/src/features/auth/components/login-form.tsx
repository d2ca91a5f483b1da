import type { AuthenticateBody } from '@mirror/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../lib/errors';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useSignIn } from '../api/auth.mutations';
import { authStyles as styles } from './auth-layout';

const rules = lazyResolver(() => import('../auth-schemas').then((m) => m.signInResolver));

/** What a sign-in posted before the app started came back with (`?error=`, auth-forms.routes.ts): worded here. */
const FORM_ERRORS: Record<string, { text: string; isCredentials?: boolean }> = {
  missing: { text: 'Enter your username and password.' },
  credentials: { text: 'Invalid username or password.', isCredentials: true },
  throttled: { text: 'Too many failed sign-in attempts. Please try again later.' },
  inactive: { text: 'This account is not active. Please contact support.' },
  unavailable: { text: 'We could not sign you in just now. Please try again.' },
};

export interface LoginFormProps {
  onSignedIn: () => void;
  /**
   * Where the form posts until the app has started, or without JavaScript (decision 0121): the server signs
   * in, never a GET with the password in the URL.
   */
  action: string;
  /** The code a form post came back with (`?error=`). */
  formError?: string | null;
  registerHref: string;
  /** Filled in when arriving from a confirmed link (the password field then takes the focus). */
  defaultUsername?: string;
}

/**
 * docs/product.md §5: username and password are required, with no message for the rule. Sign in stays enabled
 * (a disabled button explains nothing); an incomplete submit sends nothing, marks each empty field
 * invalid (the error hairline; "required, invalid entry" to a screen reader) and focuses the first.
 */
export function LoginForm({ onSignedIn, action, formError, registerHref, defaultUsername }: LoginFormProps) {
  const signIn = useSignIn();
  const [serverError, setServerError] = useState<{ text: string; isCredentials?: boolean } | null>(() =>
    formError ? (FORM_ERRORS[formError] ?? FORM_ERRORS.unavailable!) : null,
  );
  const { register, handleSubmit, watch, setFocus } = useForm<AuthenticateBody>({
    resolver: rules.resolver,
    // No default otherwise: react-hook-form then takes what the server-rendered fields hold (typed before
    // hydration) instead of clearing them (decision 0121).
    defaultValues: defaultUsername ? { username: defaultUsername } : undefined,
  });

  // A post that came back incomplete marks the empty fields as the app's own submit does.
  const [wasTried, setWasTried] = useState(formError === 'missing');
  // Partial: a field not registered yet (the hydrating render) has no value.
  const typed = watch() as Partial<AuthenticateBody>;
  const isUsernameMissing = wasTried && (typed.username ?? '').trim() === '';
  const isPasswordMissing = wasTried && (typed.password ?? '') === '';

  const onSubmit = handleSubmit(
    (values) => {
      setServerError(null);
      signIn.mutate(values, {
        onSuccess: onSignedIn,
        onError: (error) =>
          setServerError({ text: errorText(error), isCredentials: error instanceof ApiError && error.code === 'INVALID_CREDENTIALS' }),
      });
    },
    (errors) => {
      setWasTried(true);
      setFocus(errors.username ? 'username' : 'password');
    },
  );

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
          Sign in
        </h1>
        <p className={styles.intro}>Welcome back to the Maison.</p>
      </header>
      {serverError ? (
        <div className={styles.inline}>
          <p className={styles.alert} role="alert">
            {serverError.text}
          </p>
          {serverError.isCredentials ? (
            // An account exists once its address is confirmed; until then sign-in answers as for any unknown name.
            <p className={styles.hint}>
              Just created your account? Open the link we emailed you first: your account is ready once your address is confirmed.
            </p>
          ) : null}
        </div>
      ) : null}
      <Input
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-invalid={isUsernameMissing || undefined}
        {...register('username')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        // Arriving from a confirmed link, the username is there: the password is what is left to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only then, on a page that is this form alone, right after the visitor's own click on the link
        autoFocus={!!defaultUsername}
        aria-invalid={isPasswordMissing || undefined}
        {...register('password')}
      />
      <Button type="submit" isBlock disabled={signIn.isPending} aria-busy={signIn.isPending || undefined}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className={styles.switch}>
        New to Mirror?
        <Link to={registerHref}>Create an account</Link>
      </p>
    </form>
  );
}
