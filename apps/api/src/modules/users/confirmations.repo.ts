import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailConfirmations, type EmailConfirmationRow, type NewEmailConfirmationRow } from '../../db/schema/index';

export function createConfirmationsRepo(db: Db) {
  const unused = isNull(emailConfirmations.usedAt);
  return {
    async insert(values: NewEmailConfirmationRow): Promise<EmailConfirmationRow> {
      const [row] = await db.insert(emailConfirmations).values(values).returning();
      return row!;
    },

    async findById(id: string): Promise<EmailConfirmationRow | null> {
      const [row] = await db.select().from(emailConfirmations).where(eq(emailConfirmations.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Spends a live link: one UPDATE that only matches while it is unused, unexpired and still carries this
     * verifier, so of two concurrent uses exactly one gets the row (the other waits, re-checks, gets null).
     */
    async consume(id: string, verifierHash: string, now: Date): Promise<EmailConfirmationRow | null> {
      const [row] = await db
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.id, id),
            eq(emailConfirmations.verifierHash, verifierHash),
            unused,
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** "Send it again": a new verifier (the previous link stops working) and a new expiry; null once used. */
    async rotate(id: string, verifierHash: string, expiresAt: Date): Promise<EmailConfirmationRow | null> {
      const [row] = await db
        .update(emailConfirmations)
        .set({ verifierHash, expiresAt })
        .where(and(eq(emailConfirmations.id, id), unused))
        .returning();
      return row ?? null;
    },

    /** The newest unused registration waiting for an address (compared case-insensitively), made since a moment. */
    async latestRegistration(email: string, since: Date): Promise<EmailConfirmationRow | null> {
      const [row] = await db
        .select()
        .from(emailConfirmations)
        .where(
          and(
            sql`lower(${emailConfirmations.email}) = lower(${email})`,
            eq(emailConfirmations.purpose, 'REGISTRATION'),
            gt(emailConfirmations.createdAt, since),
            unused,
          ),
        )
        .orderBy(desc(emailConfirmations.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Each account's live change of address (one at most: a new request replaces the previous). */
    async liveEmailChanges(userIds: string[], now: Date): Promise<EmailConfirmationRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(emailConfirmations)
        .where(
          and(
            inArray(emailConfirmations.userId, userIds),
            eq(emailConfirmations.purpose, 'EMAIL_CHANGE'),
            unused,
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .orderBy(desc(emailConfirmations.createdAt));
    },

    /** Withdraws an account's unused changes of address (their links then answer "not valid"). */
    async deleteEmailChanges(userId: string): Promise<number> {
      const rows = await db
        .delete(emailConfirmations)
        .where(and(eq(emailConfirmations.userId, userId), eq(emailConfirmations.purpose, 'EMAIL_CHANGE'), unused))
        .returning({ id: emailConfirmations.id });
      return rows.length;
    },

    /** Rows whose link expired before `before` (kept a while so an expired link can still ask for a new one). */
    async prune(before: Date): Promise<void> {
      await db.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, before));
    },
  };
}

export type ConfirmationsRepo = ReturnType<typeof createConfirmationsRepo>;
