import type { EmailConfirmation } from '@mirror/contract';
import { CONFIRMATION_TTL_HOURS } from '@mirror/contract/constants';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiError, errorText } from '../../../lib/errors';
import { useConfirmEmail, useResendConfirmation } from '../api/auth.mutations';
import { authStyles as styles } from './auth-layout';

const rules = lazyResolver(() => import('../auth-schemas').then((m) => m.resendResolver));

export interface ConfirmEmailProps {
  /** The link's token (`?token=`); null when the link arrived without one. */
  token: string | null;
  isSignedIn: boolean;
  loginHref: string;
  registerHref: string;
  profileHref: string;
}

/** One screen of the page: eyebrow, a focused title, its sentences, then its actions. */
function Panel({ title, children, isBusy = false }: { title: string; children?: ReactNode; isBusy?: boolean }) {
  return (
    <section className={styles.form} aria-labelledby="page-title" aria-busy={isBusy || undefined}>
      <header className={styles.header}>
        <p className="eyebrow">Your account</p>
        <h1 id="page-title" className={styles.title} tabIndex={-1} ref={(el) => el?.focus()}>
          {title}
        </h1>
      </header>
      {children}
    </section>
  );
}

/** "Send a new link" for the address a registration was made with: the same answer whatever waits for it. */
function ResendByEmail() {
  const resend = useResendConfirmation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: rules.resolver, mode: 'onTouched' });
  if (resend.isSuccess) {
    return (
      <p className={styles.note} role="status">
        If a registration is waiting for <strong className={styles.address}>{getValues('email')}</strong>, a new link is on its way. It
        works for {CONFIRMATION_TTL_HOURS} hours.
      </p>
    );
  }
  return (
    <form
      className={styles.inline}
      onSubmit={handleSubmit((values) => resend.mutate(values))}
      onFocus={rules.preload}
      noValidate
      aria-label="Send a new link"
    >
      {resend.isError ? (
        <p className={styles.alert} role="alert">
          {errorText(resend.error)}
        </p>
      ) : null}
      <Input label="The email you registered with" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" variant="secondary" disabled={resend.isPending} aria-busy={resend.isPending || undefined}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </form>
  );
}

/** "Send a new link" from an expired link: the server knows its address. */
function ResendByToken({ token }: { token: string }) {
  const resend = useResendConfirmation();
  if (resend.isSuccess) {
    return (
      <p className={styles.note} role="status">
        A new link is on its way to the same address. It works for {CONFIRMATION_TTL_HOURS} hours.
      </p>
    );
  }
  return (
    <>
      {resend.isError ? (
        <p className={styles.alert} role="alert">
          {errorText(resend.error)}
        </p>
      ) : null}
      <Button isBlock disabled={resend.isPending} aria-busy={resend.isPending || undefined} onClick={() => resend.mutate({ token })}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </>
  );
}

function Confirmed({
  result,
  isSignedIn,
  loginHref,
  profileHref,
}: { result: EmailConfirmation } & Pick<ConfirmEmailProps, 'isSignedIn' | 'loginHref' | 'profileHref'>) {
  if (result.purpose === 'REGISTRATION') {
    return (
      <Panel title="Your address is confirmed">
        <p className={styles.intro}>
          Welcome to the Maison. Your account <strong className={styles.address}>{result.username}</strong> is ready.
        </p>
        <Link className={buttonClassName({ isBlock: true })} to={loginHref} state={{ username: result.username }}>
          Sign in
        </Link>
      </Panel>
    );
  }
  return (
    <Panel title="Your new address is confirmed">
      <p className={styles.intro}>
        From now on we will write to <strong className={styles.address}>{result.email}</strong>. We have told your previous address of the
        change.
      </p>
      {isSignedIn ? (
        <Link className={buttonClassName({ isBlock: true })} to={profileHref}>
          Back to your profile
        </Link>
      ) : (
        <Link className={buttonClassName({ isBlock: true })} to={loginHref} state={{ username: result.username }}>
          Sign in
        </Link>
      )}
    </Panel>
  );
}

/**
 * The landing page of an emailed confirmation link (issue 14). It confirms at once (a link is single-use:
 * asked once, even when React mounts twice), then says what happened and offers the one next step:
 * sign in, send a new link, or start again.
 */
export function ConfirmEmail({ token, isSignedIn, loginHref, registerHref, profileHref }: ConfirmEmailProps) {
  const confirm = useConfirmEmail();
  const asked = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <Panel title="This link is incomplete">
        <p className={styles.intro}>The address it came from was cut short. Open the link from the email again, or ask for a new one.</p>
        <ResendByEmail />
      </Panel>
    );
  }
  if (confirm.isSuccess) return <Confirmed result={confirm.data} isSignedIn={isSignedIn} loginHref={loginHref} profileHref={profileHref} />;
  if (!confirm.isError) {
    return (
      <Panel title="Confirming your address" isBusy>
        <p className={styles.intro} role="status">
          One moment…
        </p>
      </Panel>
    );
  }

  const error = confirm.error;
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case 'CONFIRMATION_EXPIRED':
      return (
        <Panel title="This link has expired">
          <p className={styles.intro}>Links work for {CONFIRMATION_TTL_HOURS} hours. We can send you a new one to the same address.</p>
          <ResendByToken token={token} />
        </Panel>
      );
    case 'CONFIRMATION_USED':
      return (
        <Panel title="This link has already been used">
          <p className={styles.intro}>Each link works once. If it confirmed your address, all is in order: sign in.</p>
          <Link className={buttonClassName({ isBlock: true })} to={isSignedIn ? profileHref : loginHref}>
            {isSignedIn ? 'Go to your profile' : 'Sign in'}
          </Link>
        </Panel>
      );
    case 'CONFIRMATION_INVALID':
      return (
        <Panel title="This link is not valid">
          <p className={styles.intro}>
            It may be incomplete, or a newer link may have replaced it. Use the latest email we sent, or ask for a new link.
          </p>
          <ResendByEmail />
        </Panel>
      );
    case 'USERNAME_TAKEN':
      return (
        <Panel title="This username was taken meanwhile">
          <p className={styles.intro}>{error.message}</p>
          <Link className={buttonClassName({ isBlock: true })} to={registerHref}>
            Create your account again
          </Link>
        </Panel>
      );
    case 'EMAIL_TAKEN':
      return (
        <Panel title="This address already has an account">
          <p className={styles.intro}>{error.message}</p>
          <Link className={buttonClassName({ isBlock: true })} to={loginHref}>
            Sign in
          </Link>
        </Panel>
      );
    default:
      return (
        <Panel title="Your address could not be confirmed">
          <p className={styles.alert} role="alert">
            {errorText(error)}
          </p>
          <Button isBlock onClick={() => mutate(token)}>
            Try again
          </Button>
        </Panel>
      );
  }
}
