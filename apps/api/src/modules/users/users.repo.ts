import { and, asc, count, desc, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserListQuery, UserStatus } from '@mirror/contract';
import type { Db } from '../../db/client';
import { designers, users, vendors, type NewUserRow, type UserRow } from '../../db/schema/index';
import { escapeLike } from '../../db/sql-helpers';

const SORT_COLUMNS = {
  username: users.username,
  email: users.email,
  createdAt: users.createdAt,
  role: users.role,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
} as const;

export interface UserListFilter {
  role?: Role;
  status?: UserStatus;
  q?: string;
}

export function createUsersRepo(db: Db) {
  const notDeleted = isNull(users.deletedAt);

  // Runs on every authenticated request: prepared once, so neither drizzle nor PostgreSQL rebuilds it.
  const authState = db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      status: users.status,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
      // The house the account acts for (unique user_id indexes: two index probes in the same statement).
      // (Written out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread.)
      vendorId: sql<string | null>`(select v.id from ${vendors} v where v.user_id = "users"."id" and v.deleted_at is null limit 1)`,
      designerId: sql<string | null>`(select d.id from ${designers} d where d.user_id = "users"."id" and d.deleted_at is null limit 1)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_auth_state');

  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), notDeleted))
        .limit(1);
      return row ?? null;
    },

    /** The minimum the auth hook needs on every authenticated request (primary-key read). */
    async findAuthState(id: string) {
      const [row] = await authState.execute({ id });
      return row ?? null;
    },

    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, notDeleted))
        .limit(1);
      return row ?? null;
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, notDeleted))
        .limit(1);
      return row ?? null;
    },

    /** Includes soft-deleted users: their names stay reserved. */
    async usernameOrEmailTaken(username: string | undefined, email: string | undefined, exceptId?: string) {
      const conditions: SQL[] = [];
      if (username) conditions.push(sql`lower(${users.username}) = lower(${username})`);
      if (email) conditions.push(sql`lower(${users.email}) = lower(${email})`);
      if (conditions.length === 0) return { username: false, email: false };
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(or(...conditions));
      const others = rows.filter((r) => r.id !== exceptId);
      return {
        username: !!username && others.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: !!email && others.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      };
    },

    async list(filter: UserListFilter, query: Pick<UserListQuery, 'page' | 'size' | 'sort'>) {
      const conditions: SQL[] = [notDeleted];
      if (filter.role) conditions.push(eq(users.role, filter.role));
      if (filter.status) conditions.push(eq(users.status, filter.status));
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        conditions.push(
          or(
            ilike(users.username, pattern),
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
          )!,
        );
      }
      const where = and(...conditions);
      const column = SORT_COLUMNS[query.sort.field];
      const order = query.sort.direction === 'desc' ? desc(column) : asc(column);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(order, asc(users.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewUserRow>, bumpTokenVersion = false): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({
          ...patch,
          updatedAt: new Date(),
          ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(and(eq(users.id, id), notDeleted))
        .returning();
      return row ?? null;
    },

    async touchLastLogin(id: string): Promise<void> {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
    },

    /**
     * Locks the active admins' rows (in id order) and counts them: two admins demoting each other at once
     * serialise here, and the second sees the first's change (READ COMMITTED re-checks a locked row).
     */
    async lockActiveAdmins(): Promise<number> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE'), notDeleted))
        .orderBy(asc(users.id))
        .for('update');
      return rows.length;
    },

    async statistics(since: Date) {
      const [byRole, byStatus, [recent]] = await Promise.all([
        db.select({ key: users.role, value: count() }).from(users).where(notDeleted).groupBy(users.role),
        db.select({ key: users.status, value: count() }).from(users).where(notDeleted).groupBy(users.status),
        db
          .select({ value: count() })
          .from(users)
          .where(and(notDeleted, gte(users.createdAt, since))),
      ]);
      return { byRole, byStatus, recent: recent?.value ?? 0 };
    },

    async countAll(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
