import type {
  AdminCreateUserBody,
  Page,
  PendingEmail,
  RegisterUserBody,
  RegistrationReceipt,
  ResendConfirmationBody,
  Role,
  UpdateUserBody,
  User,
  UserListQuery,
  UserStatistics,
  UserStatus,
} from '@mirror/contract';
import { ROLES, USER_STATUSES } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { NewUserRow, UserRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import type { AuthStateChanged } from '../../lib/auth-state-cache';
import type { Actor } from '../../plugins/auth';
import { createAuthRepo } from '../auth/auth.repo';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../auth/auth.service';
import { securityEvent } from '../auth/security-events';
import { enqueueEmail } from '../notifications/notifications.service';
import { createUsersRepo, type UserListFilter } from './users.repo';
import { audited } from '../audit/audit.service';
import { createConfirmationsService } from './confirmations.service';

export function toUserDto(row: UserRow, pendingEmail: PendingEmail | null = null): User {
  return {
    id: row.id,
    userId: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    roles: [row.role],
    status: row.status,
    pendingEmail,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('USER_NOT_FOUND', 'User not found.');

/** Nobody locks themselves out or takes away their own rights by mistake: another administrator must do it. */
function refuseSelf(actor: Actor, id: string, what: 'role' | 'status' | 'account') {
  if (actor.id !== id) return;
  const message = {
    role: 'You cannot change your own role. Ask another administrator.',
    status: 'You cannot change your own status. Ask another administrator.',
    account: 'You cannot delete your own account. Ask another administrator.',
  }[what];
  throw new AppError('SELF_CHANGE', message, what === 'account' ? undefined : [{ path: what, message }]);
}
const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this.');

function assertSelfOrAdmin(actor: Actor, userId: string) {
  if (actor.role !== 'ADMIN' && actor.id !== userId) throw forbidden();
}

function assertAcceptablePassword(password: string) {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
      { path: 'password', message: 'This password is too common. Choose a less predictable one.' },
    ]);
  }
}

/**
 * Answers that tell something about other accounts are counted per IP (and per account for the
 * email change) in the sign-in failure table, under keys no username can take (usernames have no
 * `#`), and throttled like sign-in: 10 registrations answered "username taken" per IP, 5 email
 * changes answered "email taken" or re-authentications failed per account and IP, per 15 minutes.
 */
export const REGISTER_MAX_TAKEN = 10;
const REGISTER_KEY = '#register';
const emailProbeKey = (userId: string) => `#email-taken:${userId}`;
const reauthKey = (userId: string) => `#reauth:${userId}`;

/**
 * `publicUrl`: the site's own origin, which confirmation links point at (never the request's Host).
 * `authStateChanged`: told once a change to an account (status, role, password, name, deletion) has committed.
 */
export function createUsersService({
  db,
  publicUrl,
  authStateChanged = () => undefined,
}: {
  db: Db;
  publicUrl?: string;
  authStateChanged?: AuthStateChanged;
}) {
  const repo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const confirmations = createConfirmationsService({ db, publicUrl });

  /** The DTOs of rows, each with its waiting change of address (one query for all). */
  async function dtos(rows: UserRow[]): Promise<User[]> {
    const pending = await confirmations.pendingFor(rows.map((r) => r.id));
    return rows.map((r) => toUserDto(r, pending.get(r.id) ?? null));
  }
  const dto = async (row: UserRow) => (await dtos([row]))[0]!;

  /** 429 with Retry-After once `max` counted answers fall inside the window. */
  async function assertNotThrottled(
    key: string,
    ip: string,
    max: number,
    event: 'user.registration.throttled' | 'user.email.change-throttled' | 'user.reauth.throttled',
    userId: string | null,
  ) {
    const now = Date.now();
    const counted = await authRepo.recentFailures(key, ip, new Date(now - LOGIN_WINDOW_MS));
    if (counted.length < max) return;
    const oldest = counted[counted.length - max]!.createdAt.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000));
    securityEvent(event, { userId, detail: { retryAfter } });
    throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait a few minutes and try again.', undefined, {
      'retry-after': String(retryAfter),
    });
  }

  /** Tells the owner of an address that someone tried to register it: at most once per address per day, races included. */
  async function noteAlreadyRegistered(email: string) {
    const owner = await repo.findByEmail(email);
    const address = owner?.email ?? email;
    await enqueueEmail(
      db,
      { emailType: 'ACCOUNT_NOTICE', recipients: [address], model: { notice: 'ALREADY_REGISTERED' } },
      { oncePerDay: { address, scope: 'ALREADY_REGISTERED' } },
    );
  }

  async function assertAvailable(username: string | undefined, email: string | undefined, exceptId?: string) {
    const taken = await repo.usernameOrEmailTaken(username, email, exceptId);
    if (taken.username)
      throw new AppError('USERNAME_TAKEN', 'This username is already taken.', [
        { path: 'username', message: 'This username is already taken.' },
      ]);
    if (taken.email)
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', [
        { path: 'email', message: 'An account with this email already exists.' },
      ]);
  }

  function mapUniqueViolation(err: unknown): never {
    if (isUniqueViolation(err, 'users_username_lower_uq')) throw new AppError('USERNAME_TAKEN', 'This username is already taken.');
    if (isUniqueViolation(err, 'users_email_lower_uq')) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    throw err;
  }

  /** `isStaffAction`: an administrator's creation goes on the audit trail; a visitor's registration does not. */
  async function create(input: RegisterUserBody & { role: Role; status: UserStatus }, isStaffAction = false): Promise<User> {
    assertAcceptablePassword(input.password);
    await assertAvailable(input.username, input.email);
    const passwordHash = await hashPassword(input.password);
    try {
      const values = {
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phone: input.phone ?? null,
        role: input.role,
        status: input.status,
      };
      const row = isStaffAction
        ? await audited(db, { type: 'USER', action: 'CREATE', created: (r) => r.id }, (tx: Db) => createUsersRepo(tx).insert(values))
        : await repo.insert(values);
      return toUserDto(row);
    } catch (err) {
      return mapUniqueViolation(err);
    }
  }

  /** Applies a change that may end the user's sessions; keeps at least one active admin; `after` runs in its transaction. */
  async function applyChange(
    target: UserRow,
    patch: Partial<NewUserRow>,
    endSessions: boolean,
    after?: (tx: Db, updated: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    const losesAdmin =
      target.role === 'ADMIN' &&
      target.status === 'ACTIVE' &&
      ((patch.role !== undefined && patch.role !== 'ADMIN') ||
        (patch.status !== undefined && patch.status !== 'ACTIVE') ||
        patch.deletedAt !== undefined);
    const committed = await db.transaction(async (tx) => {
      const txUsers = createUsersRepo(tx);
      if (losesAdmin && (await txUsers.lockActiveAdmins()) <= 1) {
        throw new AppError('LAST_ADMIN', 'The last active administrator cannot be removed, disabled or demoted.');
      }
      let updated: UserRow | null;
      try {
        const action =
          patch.deletedAt !== undefined ? 'DELETE' : patch.role !== undefined ? 'ROLE' : patch.status !== undefined ? 'STATUS' : 'UPDATE';
        updated = await audited(tx as unknown as Db, { type: 'USER', action, ids: [target.id] }, (t) =>
          createUsersRepo(t).update(target.id, patch, endSessions),
        );
      } catch (err) {
        return mapUniqueViolation(err);
      }
      if (!updated) throw notFound();
      if (endSessions) await createAuthRepo(tx).revokeAllForUser(target.id);
      if (after) await after(tx, updated);
      return updated;
    });
    authStateChanged([target.id]);
    return committed;
  }

  async function load(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * Public registration (issue 14, findings 6 and the confirmation gap). A taken username is said (409),
     * counted and throttled per IP; a taken email is not: the answer is the same receipt, nothing is
     * created and the address's owner gets a note. A new address gets a link: the account is created when
     * it is opened (confirmations.service.ts), so until then neither sign-in nor this form can tell the
     * registration exists. Both paths hash the password, so they also take about the same time.
     */
    async register(body: RegisterUserBody, { ip }: { ip: string }): Promise<RegistrationReceipt> {
      await assertNotThrottled(REGISTER_KEY, ip, REGISTER_MAX_TAKEN, 'user.registration.throttled', null);
      assertAcceptablePassword(body.password);
      const receipt: RegistrationReceipt = { status: 'ACCEPTED', email: body.email };
      const taken = await repo.usernameOrEmailTaken(body.username, body.email);
      if (taken.username) {
        await authRepo.recordFailure(REGISTER_KEY, ip);
        throw new AppError('USERNAME_TAKEN', 'This username is already taken.', [
          { path: 'username', message: 'This username is already taken.' },
        ]);
      }
      const passwordHash = await hashPassword(body.password);
      if (taken.email) {
        securityEvent('user.registration.existing-email', { userId: (await repo.findByEmail(body.email))?.id ?? null });
        await noteAlreadyRegistered(body.email);
        return receipt;
      }
      await confirmations.startRegistration({
        username: body.username,
        email: body.email,
        passwordHash,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        phone: body.phone ?? null,
      });
      return receipt;
    },

    /** Opens a confirmation link (registration or change of address). */
    confirmEmail: (token: string) => confirmations.confirm(token),

    /** "Send the link again" (by address, answered alike; or by an expired link's token). */
    resendConfirmation: (body: ResendConfirmationBody) => confirmations.resend(body),

    /** Self or ADMIN: mails the waiting change's link again. */
    async resendEmailChange({ actor, id }: { actor: Actor; id: string }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      const target = await load(id);
      await confirmations.resendEmailChange(target.id);
      return dto(target);
    },

    /** Self or ADMIN: withdraws the waiting change of address (its link stops working); the address stays. */
    async cancelEmailChange({ actor, id }: { actor: Actor; id: string }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      const target = await load(id);
      if ((await confirmations.withdrawEmailChange(db, target.id)) > 0) securityEvent('user.email.change-cancelled', { userId: id });
      return dto(target);
    },

    /** Housekeeping: confirmation rows long expired. */
    pruneConfirmations: () => confirmations.prune(),

    adminCreate: (body: AdminCreateUserBody & { role: Role; status: UserStatus }) => create(body, true),

    async me(actor: Actor): Promise<User> {
      return dto(await load(actor.id));
    },

    async getById({ actor, id }: { actor: Actor; id: string }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      return dto(await load(id));
    },

    async getByUsername({ actor, username }: { actor: Actor; username: string }): Promise<User> {
      const row = await repo.findByUsername(username);
      if (!row) {
        if (actor.role !== 'ADMIN') throw forbidden();
        throw notFound();
      }
      assertSelfOrAdmin(actor, row.id);
      return dto(row);
    },

    async getByEmail({ actor, email }: { actor: Actor; email: string }): Promise<User> {
      const row = await repo.findByEmail(email);
      if (!row) {
        if (actor.role !== 'ADMIN') throw forbidden();
        throw notFound();
      }
      assertSelfOrAdmin(actor, row.id);
      return dto(row);
    },

    async list({ filter, query }: { filter: UserListFilter; query: Pick<UserListQuery, 'page' | 'size' | 'sort'> }): Promise<Page<User>> {
      const { rows, total } = await repo.list(filter, query);
      return toPage(await dtos(rows), total, query.page, query.size);
    },

    async statistics(): Promise<UserStatistics> {
      const stats = await repo.statistics(new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
      const byRole = Object.fromEntries(ROLES.map((r) => [r, stats.byRole.find((x) => x.key === r)?.value ?? 0])) as Record<Role, number>;
      const byStatus = Object.fromEntries(USER_STATUSES.map((s) => [s, stats.byStatus.find((x) => x.key === s)?.value ?? 0])) as Record<
        UserStatus,
        number
      >;
      const total = Object.values(byRole).reduce((a, b) => a + b, 0);
      return { total, byRole, byStatus, newLast30Days: stats.recent };
    },

    /**
     * Self or ADMIN. Changing one's own email or password needs the current password (issue 14,
     * finding 8); wrong answers are throttled like sign-in. One's own new address only waits (the answer's
     * `pendingEmail`): it takes effect when the link mailed to it is opened, and the current address is
     * told of the request now and of the change then. An administrator's change of someone's address
     * takes effect at once (audited; the old address is told; a waiting change is withdrawn). An address
     * taken by another account is said (409) to its holder only after re-authentication, and counted and
     * throttled per account and IP.
     */
    async update({ actor, id, patch, ip = '' }: { actor: Actor; id: string; patch: UpdateUserBody; ip?: string }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      const isAdmin = actor.role === 'ADMIN';
      if (!isAdmin && (patch.role !== undefined || patch.status !== undefined)) {
        throw new AppError('FORBIDDEN', 'Only an administrator can change a role or status.');
      }
      const target = await load(id);
      const isSelf = actor.id === id;
      const emailChanges = patch.email !== undefined && patch.email.toLowerCase() !== target.email.toLowerCase();
      if (isSelf && (emailChanges || patch.password !== undefined)) {
        await assertNotThrottled(reauthKey(id), ip, LOGIN_MAX_FAILURES, 'user.reauth.throttled', id);
        if (!patch.currentPassword || !(await verifyPassword(target.passwordHash, patch.currentPassword))) {
          await authRepo.recordFailure(reauthKey(id), ip);
          securityEvent('user.reauth.failed', { userId: id, detail: { for: emailChanges ? 'email' : 'password' } });
          throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
            {
              path: 'currentPassword',
              message: patch.currentPassword ? 'Your current password is not correct.' : 'Enter your current password to make this change.',
            },
          ]);
        }
        await authRepo.clearFailures(reauthKey(id), ip);
      }
      const changes: Partial<NewUserRow> = {};
      /** One's own new address, waiting for its link. */
      let requestedEmail: string | null = null;
      if (patch.email !== undefined) {
        if (emailChanges) {
          if (isSelf) await assertNotThrottled(emailProbeKey(id), ip, LOGIN_MAX_FAILURES, 'user.email.change-throttled', id);
          try {
            await assertAvailable(undefined, patch.email, id);
          } catch (err) {
            if (isSelf) await authRepo.recordFailure(emailProbeKey(id), ip);
            throw err;
          }
        }
        if (emailChanges && isSelf) {
          await confirmations.assertMayRequestChange(patch.email);
          requestedEmail = patch.email;
        } else {
          changes.email = patch.email;
        }
      }
      const appliesEmail = emailChanges && !requestedEmail;
      if (patch.firstName !== undefined) changes.firstName = patch.firstName;
      if (patch.lastName !== undefined) changes.lastName = patch.lastName;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      let endSessions = false;
      if (patch.password !== undefined) {
        assertAcceptablePassword(patch.password);
        changes.passwordHash = await hashPassword(patch.password);
        endSessions = true;
      }
      if (patch.role !== undefined && patch.role !== target.role) {
        refuseSelf(actor, id, 'role');
        changes.role = patch.role;
        endSessions = true;
      }
      if (patch.status !== undefined && patch.status !== target.status) {
        refuseSelf(actor, id, 'status');
        changes.status = patch.status;
        endSessions = true;
      }
      const updated = await applyChange(target, changes, endSessions, async (tx, row) => {
        // Told in the change's transaction: no change (nor request) without its notice.
        if (requestedEmail) await confirmations.requestEmailChange(tx, row, requestedEmail);
        if (appliesEmail) {
          await confirmations.withdrawEmailChange(tx, row.id);
          await enqueueEmail(tx, {
            emailType: 'ACCOUNT_NOTICE',
            recipients: [target.email],
            model: { notice: 'EMAIL_CHANGED', username: row.username, newEmail: row.email },
          });
        }
        if (changes.passwordHash) {
          await enqueueEmail(tx, {
            emailType: 'ACCOUNT_NOTICE',
            recipients: [row.email],
            model: { notice: 'PASSWORD_CHANGED', username: row.username },
          });
        }
      });
      if (requestedEmail) securityEvent('user.email.change-requested', { userId: id });
      if (appliesEmail) securityEvent('user.email.changed', { userId: id, detail: { by: 'admin' } });
      if (changes.passwordHash) securityEvent('user.password.changed', { userId: id, detail: { by: isSelf ? 'self' : 'admin' } });
      if (changes.role) securityEvent('user.role.changed', { userId: id, detail: { from: target.role, to: changes.role } });
      if (changes.status) securityEvent('user.status.changed', { userId: id, detail: { from: target.status, to: changes.status } });
      return dto(updated);
    },

    async setStatus({ actor, id, status }: { actor: Actor; id: string; status: UserStatus }): Promise<User> {
      const target = await load(id);
      if (target.status === status) return dto(target);
      refuseSelf(actor, id, 'status');
      const updated = await applyChange(target, { status }, true);
      securityEvent('user.status.changed', { userId: id, detail: { from: target.status, to: status } });
      return dto(updated);
    },

    async setRole({ actor, id, role }: { actor: Actor; id: string; role: Role }): Promise<User> {
      const target = await load(id);
      if (target.role === role) return dto(target);
      refuseSelf(actor, id, 'role');
      const updated = await applyChange(target, { role }, true);
      securityEvent('user.role.changed', { userId: id, detail: { from: target.role, to: role } });
      return dto(updated);
    },

    async remove({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      refuseSelf(actor, id, 'account');
      const target = await load(id);
      await applyChange(target, { deletedAt: new Date(), status: 'INACTIVE' }, true);
      securityEvent('user.deleted', { userId: id });
    },

    async countAll(): Promise<number> {
      return repo.countAll();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
