import { and, asc, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, refreshTokens } from '../../db/schema/index';

export function createAuthRepo(db: Db) {
  return {
    async insertRefreshToken(values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** Marks a live token used; false when someone else used or revoked it first (a replay). */
    async consumeRefreshToken(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    async revokeAllForUser(userId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    async deleteExpiredRefreshTokens(now: Date) {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
    },

    async recentFailures(usernameKey: string, ip: string, since: Date) {
      return db
        .select({ createdAt: loginFailures.createdAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.usernameKey, usernameKey), eq(loginFailures.ip, ip), gte(loginFailures.createdAt, since)))
        .orderBy(asc(loginFailures.createdAt));
    },

    async recordFailure(usernameKey: string, ip: string) {
      await db.insert(loginFailures).values({ usernameKey, ip });
    },

    async clearFailures(usernameKey: string, ip: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, usernameKey), eq(loginFailures.ip, ip)));
    },

    async pruneFailures(before: Date) {
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
    },

    async countLiveTokens(userId: string) {
      const [row] = await db
        .select({ value: count() })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt)));
      return row?.value ?? 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
