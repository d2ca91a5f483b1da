import type {
  AdminCreateUserBody,
  Page,
  RegisterUserBody,
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
import type { Actor } from '../../plugins/auth';
import { createAuthRepo } from '../auth/auth.repo';
import { createUsersRepo, type UserListFilter } from './users.repo';
import { audited } from '../audit/audit.service';

export function toUserDto(row: UserRow): User {
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

export function createUsersService({ db }: { db: Db }) {
  const repo = createUsersRepo(db);

  async function assertAvailable(username: string | undefined, email: string | undefined, exceptId?: string) {
    const taken = await repo.usernameOrEmailTaken(username, email, exceptId);
    if (taken.username) throw new AppError('USERNAME_TAKEN', 'This username is already taken.', [{ path: 'username', message: 'This username is already taken.' }]);
    if (taken.email) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', [{ path: 'email', message: 'An account with this email already exists.' }]);
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

  /** Applies a change that may end the user's sessions; keeps at least one active admin. */
  async function applyChange(target: UserRow, patch: Partial<NewUserRow>, endSessions: boolean): Promise<UserRow> {
    const losesAdmin =
      target.role === 'ADMIN' &&
      target.status === 'ACTIVE' &&
      ((patch.role !== undefined && patch.role !== 'ADMIN') ||
        (patch.status !== undefined && patch.status !== 'ACTIVE') ||
        patch.deletedAt !== undefined);
    return db.transaction(async (tx) => {
      const txUsers = createUsersRepo(tx as unknown as Db);
      if (losesAdmin && (await txUsers.lockActiveAdmins()) <= 1) {
        throw new AppError('LAST_ADMIN', 'The last active administrator cannot be removed, disabled or demoted.');
      }
      let updated: UserRow | null;
      try {
        const action = patch.deletedAt !== undefined ? 'DELETE' : patch.role !== undefined ? 'ROLE' : patch.status !== undefined ? 'STATUS' : 'UPDATE';
        updated = await audited(tx as unknown as Db, { type: 'USER', action, ids: [target.id] }, (t) => createUsersRepo(t).update(target.id, patch, endSessions));
      } catch (err) {
        return mapUniqueViolation(err);
      }
      if (!updated) throw notFound();
      if (endSessions) await createAuthRepo(tx as unknown as Db).revokeAllForUser(target.id);
      return updated;
    });
  }

  async function load(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    register: (body: RegisterUserBody) => create({ ...body, role: 'CUSTOMER', status: 'ACTIVE' }),

    adminCreate: (body: AdminCreateUserBody & { role: Role; status: UserStatus }) => create(body, true),

    async me(actor: Actor): Promise<User> {
      return toUserDto(await load(actor.id));
    },

    async getById({ actor, id }: { actor: Actor; id: string }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      return toUserDto(await load(id));
    },

    async getByUsername({ actor, username }: { actor: Actor; username: string }): Promise<User> {
      const row = await repo.findByUsername(username);
      if (!row) {
        if (actor.role !== 'ADMIN') throw forbidden();
        throw notFound();
      }
      assertSelfOrAdmin(actor, row.id);
      return toUserDto(row);
    },

    async getByEmail({ actor, email }: { actor: Actor; email: string }): Promise<User> {
      const row = await repo.findByEmail(email);
      if (!row) {
        if (actor.role !== 'ADMIN') throw forbidden();
        throw notFound();
      }
      assertSelfOrAdmin(actor, row.id);
      return toUserDto(row);
    },

    async list({ filter, query }: { filter: UserListFilter; query: Pick<UserListQuery, 'page' | 'size' | 'sort'> }): Promise<Page<User>> {
      const { rows, total } = await repo.list(filter, query);
      return toPage(rows.map(toUserDto), total, query.page, query.size);
    },

    async statistics(): Promise<UserStatistics> {
      const stats = await repo.statistics(new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
      const byRole = Object.fromEntries(ROLES.map((r) => [r, stats.byRole.find((x) => x.key === r)?.value ?? 0])) as Record<Role, number>;
      const byStatus = Object.fromEntries(USER_STATUSES.map((s) => [s, stats.byStatus.find((x) => x.key === s)?.value ?? 0])) as Record<UserStatus, number>;
      const total = Object.values(byRole).reduce((a, b) => a + b, 0);
      return { total, byRole, byStatus, newLast30Days: stats.recent };
    },

    async update({ actor, id, patch }: { actor: Actor; id: string; patch: UpdateUserBody }): Promise<User> {
      assertSelfOrAdmin(actor, id);
      const isAdmin = actor.role === 'ADMIN';
      if (!isAdmin && (patch.role !== undefined || patch.status !== undefined)) {
        throw new AppError('FORBIDDEN', 'Only an administrator can change a role or status.');
      }
      const target = await load(id);
      const changes: Partial<NewUserRow> = {};
      if (patch.email !== undefined) {
        if (patch.email.toLowerCase() !== target.email.toLowerCase()) await assertAvailable(undefined, patch.email, id);
        changes.email = patch.email;
      }
      if (patch.firstName !== undefined) changes.firstName = patch.firstName;
      if (patch.lastName !== undefined) changes.lastName = patch.lastName;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      let endSessions = false;
      if (patch.password !== undefined) {
        if (actor.id === id) {
          if (!patch.currentPassword || !(await verifyPassword(target.passwordHash, patch.currentPassword))) {
            throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
              { path: 'currentPassword', message: 'Your current password is not correct.' },
            ]);
          }
        }
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
      return toUserDto(await applyChange(target, changes, endSessions));
    },

    async setStatus({ actor, id, status }: { actor: Actor; id: string; status: UserStatus }): Promise<User> {
      const target = await load(id);
      if (target.status === status) return toUserDto(target);
      refuseSelf(actor, id, 'status');
      return toUserDto(await applyChange(target, { status }, true));
    },

    async setRole({ actor, id, role }: { actor: Actor; id: string; role: Role }): Promise<User> {
      const target = await load(id);
      if (target.role === role) return toUserDto(target);
      refuseSelf(actor, id, 'role');
      return toUserDto(await applyChange(target, { role }, true));
    },

    async remove({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      refuseSelf(actor, id, 'account');
      const target = await load(id);
      await applyChange(target, { deletedAt: new Date(), status: 'INACTIVE' }, true);
    },

    async countAll(): Promise<number> {
      return repo.countAll();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
