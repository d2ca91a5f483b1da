import type { OrderSummary, User } from '@mirror/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/feedback/query-state';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { applyServerErrors } from '../../../components/form/server-errors';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { paths, to } from '../../../config/routes';
import { errorText } from '../../../lib/errors';
import { formatDate, formatDateTime, formatMoney, humanize } from '../../../lib/format';
import { nextTask } from '../../../lib/next-task';
import { PageMeta } from '../../../lib/page-meta';
import { useCancelEmailChange, useChangePassword, useResendEmailChange, useUpdateProfile } from '../api/account.mutations';
import { meQuery, myOrdersQuery, orderQuery } from '../api/account.queries';
import type { PasswordFormValues as PasswordForm, ProfileFormValues as ProfileForm } from '../account-schemas';
import styles from './profile.module.css';

const profileRules = lazyResolver(() => import('../account-schemas').then((m) => m.profileResolver));
const passwordRules = lazyResolver(() => import('../account-schemas').then((m) => m.passwordResolver));
const PROFILE_FIELDS: readonly Path<ProfileForm>[] = ['email', 'firstName', 'lastName', 'phone', 'currentPassword'];
const isSameEmail = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * A change of address waiting for its link (issue 14): the account keeps its address until the link sent
 * to the new one is opened. The link can be sent again, or the change withdrawn.
 */
function PendingEmail({ user }: { user: User }) {
  const resend = useResendEmailChange(user.id);
  const cancel = useCancelEmailChange(user.id);
  const [error, setError] = useState<string | null>(null);
  const pending = user.pendingEmail;
  if (!pending) return null;
  const isBusy = resend.isPending || cancel.isPending;
  return (
    <div className={styles.pending} role="group" aria-labelledby="pending-email-title">
      <p id="pending-email-title" className={styles.pendingTitle}>
        Waiting for confirmation
      </p>
      <p>
        We sent a link to <strong className={styles.address}>{pending.email}</strong>. Until you open it, your address stays{' '}
        <strong className={styles.address}>{user.email}</strong>.
      </p>
      <p className={styles.muted}>The link works until {formatDateTime(pending.expiresAt)}.</p>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.pendingActions}>
        <Button
          variant="ghost"
          size="small"
          disabled={isBusy}
          aria-busy={resend.isPending || undefined}
          onClick={() => {
            setError(null);
            resend.mutate(undefined, {
              onSuccess: () => showToast(`A new link is on its way to ${pending.email}.`),
              onError: (e) => setError(errorText(e)),
            });
          }}
        >
          {resend.isPending ? 'Sending…' : 'Send the link again'}
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={isBusy}
          aria-busy={cancel.isPending || undefined}
          onClick={() => {
            setError(null);
            cancel.mutate(undefined, {
              onSuccess: () => showToast('The change of address is cancelled.'),
              onError: (e) => setError(errorText(e)),
            });
          }}
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel the change'}
        </Button>
      </div>
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
    reset,
  } = useForm<ProfileForm>({
    resolver: profileRules.resolver,
    mode: 'onTouched',
    defaultValues: {
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      currentPassword: '',
    },
  });
  const isEmailChanging = !isSameEmail(watch('email'), user.email);
  const onSubmit = handleSubmit(({ currentPassword, ...changes }) => {
    setFormError(null);
    const emailChanged = !isSameEmail(changes.email, user.email);
    // A new email needs the current password (issue 14, finding 8); the server says the same.
    if (emailChanged && !currentPassword) {
      setError('currentPassword', { type: 'required', message: 'Enter your current password to change your email' }, { shouldFocus: true });
      return;
    }
    update.mutate(emailChanged ? { ...changes, currentPassword } : changes, {
      onSuccess: (saved) => {
        reset({
          email: saved.email,
          firstName: saved.firstName ?? '',
          lastName: saved.lastName ?? '',
          phone: saved.phone ?? '',
          currentPassword: '',
        });
        // A new address waits for its link: the field shows the address still in use.
        showToast(
          emailChanged && saved.pendingEmail
            ? `Saved. We have sent a link to ${saved.pendingEmail.email}: your address changes once you open it.`
            : 'Your profile has been saved.',
        );
      },
      onError: (error) => setFormError(applyServerErrors(error, PROFILE_FIELDS, setError)),
    });
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={profileRules.preload} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title" className={styles.sectionTitle}>
        Your details
      </h2>
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={styles.row}>
        <Input
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName', { setValueAs: blankToNull })}
        />
        <Input
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName', { setValueAs: blankToNull })}
        />
      </div>
      <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {isEmailChanging ? null : <PendingEmail user={user} />}
      {isEmailChanging ? (
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="To change your email, confirm it is you. We will send a link to the new address: the change takes effect once you open it."
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      ) : null}
      <Input
        label="Phone"
        type="tel"
        isOptional
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone', { setValueAs: blankToNull })}
      />
      <Button type="submit" disabled={update.isPending || !isDirty} aria-busy={update.isPending || undefined}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </form>
  );
}

function PasswordChange({ user }: { user: User }) {
  const change = useChangePassword(user.id);
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: passwordRules.resolver, mode: 'onTouched' });
  const onSubmit = handleSubmit(({ currentPassword, password }) => {
    setFormError(null);
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          showToast('Your password has been changed. Please sign in again.');
          void navigate(to.login(paths.userProfile), { replace: true });
        },
        onError: (error) => setFormError(applyServerErrors(error, ['currentPassword', 'password'], setError)),
      },
    );
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={passwordRules.preload} noValidate aria-labelledby="password-title">
      <h2 id="password-title" className={styles.sectionTitle}>
        Password
      </h2>
      <p className={styles.muted}>Changing it signs you out everywhere, this device included.</p>
      {formError ? (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <Input
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <Input
        label="Confirm the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" variant="secondary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}

function OrderSchedule({ orderId }: { orderId: string }) {
  const order = useQuery(orderQuery(orderId));
  if (order.isPending) return <Skeleton height="6rem" />;
  if (order.isError)
    return <QueryError error={order.error} onRetry={() => void order.refetch()} title="The schedule could not be loaded" />;
  const { schedule, currency } = order.data;
  if (schedule.length === 0) return <p className={styles.muted}>No payment is scheduled for this order.</p>;
  return (
    <table className={styles.schedule}>
      <caption className="visually-hidden">Payment schedule of order {order.data.number}</caption>
      <thead>
        <tr>
          <th scope="col">Instalment</th>
          <th scope="col">Due</th>
          <th scope="col" className={styles.num}>
            Amount
          </th>
          <th scope="col" className={styles.num}>
            Paid
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((item) => (
          <tr key={item.id}>
            <td>{item.label}</td>
            <td>{formatDate(item.dueDate)}</td>
            <td className={styles.num}>{formatMoney(item.amount, currency)}</td>
            <td className={styles.num}>{formatMoney(item.paidAmount, currency)}</td>
            <td>
              <span className={styles.status} data-status={item.status}>
                {humanize(item.status)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  // The schedule is asked for, and rendered, once its details are opened (decision 0123): a closed
  // one costs no request and no render on the page's start.
  const [isOpen, setIsOpen] = useState(false);
  return (
    <li className={styles.order} data-testid="order">
      <div className={styles.orderHead}>
        <div>
          <p className="eyebrow">
            Order {order.number} · {formatDate(order.createdAt)}
          </p>
          <p className={styles.orderLines}>
            {order.lines.map((l) => `${l.productName}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`).join(', ')}
          </p>
        </div>
        <div className={styles.orderTotals}>
          <span className={styles.orderTotal}>{formatMoney(order.total, order.currency)}</span>
          <span className={styles.muted}>
            {humanize(order.status)} · {order.isPaidInFull ? 'Paid in full' : `${formatMoney(order.paidAmount, order.currency)} paid`}
          </span>
        </div>
      </div>
      <details className={styles.orderDetails} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary>Payment schedule</summary>
        {isOpen ? <OrderSchedule orderId={order.id} /> : null}
      </details>
    </li>
  );
}

function Orders() {
  const orders = useQuery(myOrdersQuery());
  return (
    <section className={styles.orders} aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.sectionTitle}>
        Your orders
      </h2>
      {orders.isPending ? (
        <Skeleton height="8rem" />
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} title="Your orders could not be loaded" />
      ) : orders.data.content.length === 0 ? (
        <p className={styles.muted}>
          You have no orders yet. <PageLink to={paths.collections}>Discover the collections</PageLink> or{' '}
          <PageLink to={to.appointment()}>book an appointment</PageLink>.
        </p>
      ) : (
        <ul className={styles.orderList}>
          {orders.data.content.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The rest of the page (the password form, the orders) once the first screen (the title and the details
 * form) has been rendered and painted, in a later task and a transition (decision 0123): the two are
 * no longer one long task on a phone.
 */
function useIsRestShown(isFirstShown: boolean): boolean {
  const [isRestShown, setIsRestShown] = useState(false);
  useEffect(() => {
    if (!isFirstShown || isRestShown) return;
    let isCancelled = false;
    void nextTask().then(() => {
      if (!isCancelled) startTransition(() => setIsRestShown(true));
    });
    return () => {
      isCancelled = true;
    };
  }, [isFirstShown, isRestShown]);
  return isRestShown;
}

export interface ProfilePageProps {
  /**
   * Nobody known yet (the server's render and hydration: tokens live in the browser): the page's
   * frame, its heading and a skeleton, with no request (decision 0123).
   */
  isSessionPending?: boolean;
}

export function ProfilePage({ isSessionPending = false }: ProfilePageProps) {
  const me = useQuery({ ...meQuery(), enabled: !isSessionPending });
  const queryClient = useQueryClient();
  // The orders are asked for with the profile, not once their list mounts (no subscription here: their
  // answer re-renders only the list).
  useEffect(() => {
    if (!isSessionPending) queryClient.query(myOrdersQuery()).catch(() => undefined); // the list shows the error
  }, [isSessionPending, queryClient]);
  // The forms and the orders first come in a deferred render (split into short tasks), not in the task
  // that brings the answer: the heading and the skeleton stay on screen meanwhile. Once shown, they
  // follow the answer at once (a saved change).
  const hasShown = useDeferredValue(me.data) !== undefined;
  const user = hasShown ? me.data : undefined;
  const isRestShown = useIsRestShown(user !== undefined);
  return (
    <>
      <PageMeta title="My profile" description="Your Mirror account: details, password, orders and payment schedules." />
      {/* The same header (and so the same h1 node) from the server's frame on: only its words change. */}
      <PageIntro eyebrow="Your account" title={me.data ? `Welcome, ${me.data.firstName || me.data.username}` : 'My profile'} />
      <div className={styles.layout}>
        {me.isError ? (
          <QueryError error={me.error} onRetry={() => void me.refetch()} title="Your profile could not be loaded" />
        ) : !user ? (
          <Skeleton height="20rem" />
        ) : (
          <>
            <div className={styles.forms}>
              <ProfileForm user={user} />
              {isRestShown ? <PasswordChange user={user} /> : null}
            </div>
            {isRestShown ? <Orders /> : null}
          </>
        )}
      </div>
    </>
  );
}
