import {
  CONFIRM_EMAIL_PATH,
  CONFIRMATION_TTL_HOURS,
  type EmailConfirmation,
  type PendingEmail,
  type ResendConfirmationBody,
  type ResendReceipt,
} from '@mirror/contract';
import { DEFAULT_BRAND_DOMAIN } from '@mirror/contract/brand';
import type { Db } from '../../db/client';
import type { EmailConfirmationRow, UserRow } from '../../db/schema/index';
import { confirmationToken, newVerifier, parseConfirmationToken, verifierMatches } from '../../lib/confirmation-tokens';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { audited } from '../audit/audit.service';
import { securityEvent } from '../auth/security-events';
import { createNotificationsRepo } from '../notifications/notifications.repo';
import { enqueueEmail } from '../notifications/notifications.service';
import { createConfirmationsRepo } from './confirmations.repo';
import { createUsersRepo } from './users.repo';

/**
 * Confirming an address before it is used (issue 14): a registration becomes an account, and a change of
 * address takes effect, only when the link mailed to that address is opened. Links are single-use, expire
 * after CONFIRMATION_TTL_HOURS, and are stored as hashes (lib/confirmation-tokens.ts).
 */
export const CONFIRMATION_TTL_MS = CONFIRMATION_TTL_HOURS * 60 * 60 * 1000;
/** An expired link can still ask for a new one for this long; then its row is deleted. */
export const CONFIRMATION_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Confirmation links mailed to one address per hour, whoever asks (registrations, resends, changes). */
export const LINKS_PER_ADDRESS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
const LINK_NOTICES = ['CONFIRM_REGISTRATION', 'CONFIRM_EMAIL_CHANGE'] as const;

export interface PendingRegistration {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

const invalidLink = () =>
  new AppError(
    'CONFIRMATION_INVALID',
    'This link is not valid. It may be incomplete, or a newer link may have replaced it: use the latest ' +
      'email we sent, or ask for a new link.',
  );
const usedLink = () => new AppError('CONFIRMATION_USED', 'This link has already been used.');
const expiredLink = () =>
  new AppError('CONFIRMATION_EXPIRED', `This link has expired: links work for ${CONFIRMATION_TTL_HOURS} hours. Ask for a new one.`);
const tooManyLinks = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    'We have sent several links to this address in the last hour. Please wait a little before asking again.',
    undefined,
    {
      'retry-after': String(HOUR_MS / 1000),
    },
  );

export function createConfirmationsService({ db, publicUrl = `https://${DEFAULT_BRAND_DOMAIN}` }: { db: Db; publicUrl?: string }) {
  const repo = createConfirmationsRepo(db);
  const origin = publicUrl.replace(/\/+$/, '');
  const linkFor = (row: EmailConfirmationRow, verifier: string) =>
    `${origin}${CONFIRM_EMAIL_PATH}?token=${confirmationToken(row.id, verifier)}`;

  /** Fewer than LINKS_PER_ADDRESS_PER_HOUR links went to the address in the last hour. */
  async function mayMailLink(address: string): Promise<boolean> {
    const sent = await createNotificationsRepo(db).countRecentTo('ACCOUNT_NOTICE', address, new Date(Date.now() - HOUR_MS), LINK_NOTICES);
    return sent < LINKS_PER_ADDRESS_PER_HOUR;
  }

  /** Queues the link of a row (in the caller's transaction); `username` only for a change of an account's address. */
  async function mailLink(tx: Db, row: EmailConfirmationRow, verifier: string) {
    const notice = row.purpose === 'REGISTRATION' ? 'CONFIRM_REGISTRATION' : 'CONFIRM_EMAIL_CHANGE';
    await enqueueEmail(tx, { emailType: 'ACCOUNT_NOTICE', recipients: [row.email], model: { notice, link: linkFor(row, verifier) } });
  }

  /** A row whose token is well-formed and whose verifier matches; anything else is "not valid". */
  async function rowOf(token: string): Promise<EmailConfirmationRow> {
    const parsed = parseConfirmationToken(token);
    const row = parsed ? await repo.findById(parsed.id) : null;
    if (!parsed || !row || !verifierMatches(parsed.verifier, row.verifierHash)) {
      securityEvent('user.confirmation.refused', { userId: row?.userId ?? null, detail: { reason: 'invalid' } });
      throw invalidLink();
    }
    return row;
  }

  function refuse(row: EmailConfirmationRow, reason: 'used' | 'expired'): never {
    securityEvent('user.confirmation.refused', { userId: row.userId, detail: { reason, purpose: row.purpose } });
    throw reason === 'used' ? usedLink() : expiredLink();
  }

  /** Replaces a row's verifier and expiry and mails the new link, in one transaction. */
  async function sendAgain(row: EmailConfirmationRow): Promise<boolean> {
    const { verifier, verifierHash } = newVerifier();
    const sent = await db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      const rotated = await createConfirmationsRepo(tx).rotate(row.id, verifierHash, new Date(Date.now() + CONFIRMATION_TTL_MS));
      if (!rotated) return false;
      await mailLink(tx, rotated, verifier);
      return true;
    });
    if (sent) securityEvent('user.confirmation.sent', { userId: row.userId, detail: { purpose: row.purpose, reason: 'resend' } });
    return sent;
  }

  async function confirmRegistration(row: EmailConfirmationRow): Promise<EmailConfirmation> {
    let user: UserRow;
    try {
      user = await db.transaction(async (handle) => {
        const tx = handle as unknown as Db;
        if (!(await createConfirmationsRepo(tx).consume(row.id, row.verifierHash, new Date()))) refuse(row, 'used');
        const created = await createUsersRepo(tx).insert({
          username: row.username!,
          email: row.email,
          passwordHash: row.passwordHash!,
          firstName: row.firstName,
          lastName: row.lastName,
          phone: row.phone,
          role: 'CUSTOMER',
          status: 'ACTIVE',
        });
        await enqueueEmail(tx, {
          emailType: 'ACCOUNT_NOTICE',
          recipients: [created.email],
          model: { notice: 'WELCOME', username: created.username },
        });
        return created;
      });
    } catch (err) {
      // Another registration took the name, or confirmed the address, while this link waited.
      if (isUniqueViolation(err, 'users_username_lower_uq')) {
        throw new AppError(
          'USERNAME_TAKEN',
          'This username was taken while your link waited. Please create your account again with another username.',
        );
      }
      if (isUniqueViolation(err, 'users_email_lower_uq'))
        throw new AppError('EMAIL_TAKEN', 'An account with this address already exists: sign in with it.');
      throw err;
    }
    securityEvent('user.registered', { userId: user.id });
    return { purpose: 'REGISTRATION', email: user.email, username: user.username };
  }

  async function confirmEmailChange(row: EmailConfirmationRow): Promise<EmailConfirmation> {
    let result: { before: UserRow; after: UserRow };
    try {
      result = await db.transaction(async (handle) => {
        const tx = handle as unknown as Db;
        if (!(await createConfirmationsRepo(tx).consume(row.id, row.verifierHash, new Date()))) refuse(row, 'used');
        const before = await createUsersRepo(tx).findById(row.userId!);
        if (!before) throw invalidLink();
        const after = await audited(tx, { type: 'USER', action: 'UPDATE', ids: [before.id] }, (t) =>
          createUsersRepo(t).update(before.id, { email: row.email }),
        );
        if (!after) throw invalidLink();
        // The old address hears that the change took effect, in the change's transaction.
        await enqueueEmail(tx, {
          emailType: 'ACCOUNT_NOTICE',
          recipients: [before.email],
          model: { notice: 'EMAIL_CHANGED', username: after.username, newEmail: after.email },
        });
        return { before, after };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_lower_uq'))
        throw new AppError('EMAIL_TAKEN', 'Another account has started using this address meanwhile, so it cannot be yours too.');
      throw err;
    }
    securityEvent('user.email.changed', { userId: result.after.id, detail: { by: 'link' } });
    return { purpose: 'EMAIL_CHANGE', email: result.after.email, username: result.after.username };
  }

  return {
    /**
     * A registration for an address no account uses: kept here with its link, mailed in the same transaction.
     * Beyond LINKS_PER_ADDRESS_PER_HOUR nothing is kept or sent (the caller answers alike).
     */
    async startRegistration(registration: PendingRegistration): Promise<void> {
      if (!(await mayMailLink(registration.email))) {
        securityEvent('user.confirmation.capped', { userId: null, detail: { purpose: 'REGISTRATION' } });
        return;
      }
      const { verifier, verifierHash } = newVerifier();
      await db.transaction(async (handle) => {
        const tx = handle as unknown as Db;
        const row = await createConfirmationsRepo(tx).insert({
          purpose: 'REGISTRATION',
          ...registration,
          verifierHash,
          expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
        });
        await mailLink(tx, row, verifier);
      });
      securityEvent('user.confirmation.sent', { userId: null, detail: { purpose: 'REGISTRATION', reason: 'registration' } });
    },

    /** 429 when the new address has had its share of links this hour (checked before the change's transaction). */
    async assertMayRequestChange(newEmail: string): Promise<void> {
      if (!(await mayMailLink(newEmail))) throw tooManyLinks();
    },

    /**
     * A change of address, in the caller's transaction: the previous request is withdrawn, the link goes to
     * the new address and the current one is told that a change was asked for.
     */
    async requestEmailChange(tx: Db, user: UserRow, newEmail: string): Promise<void> {
      const txRepo = createConfirmationsRepo(tx);
      await txRepo.deleteEmailChanges(user.id);
      const { verifier, verifierHash } = newVerifier();
      const row = await txRepo.insert({
        purpose: 'EMAIL_CHANGE',
        email: newEmail,
        userId: user.id,
        verifierHash,
        expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
      });
      await mailLink(tx, row, verifier);
      await enqueueEmail(tx, {
        emailType: 'ACCOUNT_NOTICE',
        recipients: [user.email],
        model: { notice: 'EMAIL_CHANGE_REQUESTED', username: user.username, newEmail },
      });
    },

    /** Withdraws an account's waiting change (a new request, an administrator's change, the holder's cancel). */
    withdrawEmailChange(tx: Db, userId: string): Promise<number> {
      return createConfirmationsRepo(tx).deleteEmailChanges(userId);
    },

    /** Each account's waiting change of address, if any. */
    async pendingFor(userIds: string[]): Promise<Map<string, PendingEmail>> {
      const rows = await repo.liveEmailChanges(userIds, new Date());
      const pending = new Map<string, PendingEmail>();
      for (const row of rows)
        if (row.userId && !pending.has(row.userId)) pending.set(row.userId, { email: row.email, expiresAt: row.expiresAt.toISOString() });
      return pending;
    },

    /**
     * Opens a link. Not valid (unknown, altered, replaced) → 404; used → 409; expired → 410. A registration
     * becomes an ACTIVE CUSTOMER account; a change of address takes effect.
     */
    async confirm(token: string): Promise<EmailConfirmation> {
      const row = await rowOf(token);
      if (row.usedAt) refuse(row, 'used');
      if (row.expiresAt.getTime() <= Date.now()) refuse(row, 'expired');
      return row.purpose === 'REGISTRATION' ? confirmRegistration(row) : confirmEmailChange(row);
    },

    /**
     * "Send the link again". By address: the same answer whether a registration waits for it or not, and
     * nothing is sent to an address no registration waits for (nor beyond the hourly share). By the token
     * of an expired (or lost) link: a new link to the same address; 404/409 as for confirming, 429 beyond
     * the hourly share.
     */
    async resend(body: ResendConfirmationBody): Promise<ResendReceipt> {
      const receipt: ResendReceipt = { status: 'ACCEPTED' };
      if ('email' in body) {
        const row = await repo.latestRegistration(body.email, new Date(Date.now() - CONFIRMATION_KEEP_MS));
        if (!row) return receipt;
        if ((await createUsersRepo(db).usernameOrEmailTaken(undefined, row.email)).email) return receipt;
        if (!(await mayMailLink(row.email))) return receipt;
        await sendAgain(row);
        return receipt;
      }
      const row = await rowOf(body.token);
      if (row.usedAt) refuse(row, 'used');
      if (row.purpose === 'EMAIL_CHANGE' && !(await createUsersRepo(db).findById(row.userId!))) throw invalidLink();
      if (!(await mayMailLink(row.email))) throw tooManyLinks();
      if (!(await sendAgain(row))) refuse(row, 'used');
      return receipt;
    },

    /** The profile's "send the link again" for the account's waiting change; 404 when none waits. */
    async resendEmailChange(userId: string): Promise<void> {
      const [row] = await repo.liveEmailChanges([userId], new Date());
      if (!row) throw new AppError('NO_PENDING_EMAIL_CHANGE', 'No change of address is waiting for confirmation.');
      if (!(await mayMailLink(row.email))) throw tooManyLinks();
      await sendAgain(row);
    },

    /** Deletes rows whose link expired more than CONFIRMATION_KEEP_MS ago. */
    prune: () => repo.prune(new Date(Date.now() - CONFIRMATION_KEEP_MS)),
  };
}

export type ConfirmationsService = ReturnType<typeof createConfirmationsService>;
