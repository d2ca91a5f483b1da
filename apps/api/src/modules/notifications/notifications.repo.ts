import { and, asc, count, desc, eq, gte, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import type { EmailStatus, EmailType } from '@mirror/contract';
import type { Db } from '../../db/client';
import { emailOutbox, type EmailOutboxRow } from '../../db/schema/index';

export interface NewOutboxEmail {
  emailType: EmailType;
  recipients: string[];
  subject: string;
  html: string;
  text: string;
  model: Record<string, unknown>;
}

export function createNotificationsRepo(db: Db) {
  return {
    async insert(values: NewOutboxEmail): Promise<EmailOutboxRow> {
      const [row] = await db.insert(emailOutbox).values(values).returning();
      return row!;
    },

    /**
     * Inserts unless an email with the same once-key exists: then nothing is written and that email is
     * returned. Two racing inserts serialise on the unique index (the second waits for the first to
     * commit, then does nothing and reads the first's row), on PostgreSQL and PGlite alike.
     */
    async insertOnce(values: NewOutboxEmail, onceKey: string): Promise<{ row: EmailOutboxRow; isNew: boolean }> {
      const [inserted] = await db
        .insert(emailOutbox)
        .values({ ...values, onceKey })
        .onConflictDoNothing({ target: emailOutbox.onceKey, where: sql`${emailOutbox.onceKey} is not null` })
        .returning();
      if (inserted) return { row: inserted, isNew: true };
      const [existing] = await db.select().from(emailOutbox).where(eq(emailOutbox.onceKey, onceKey)).limit(1);
      if (!existing) throw new Error(`once-key ${onceKey} conflicted but no row holds it`);
      return { row: existing, isNew: false };
    },

    /** How many emails of a type (and, for account notices, of these notices) went to one address since a moment. */
    async countRecentTo(emailType: EmailType, address: string, since: Date, notices?: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.emailType, emailType),
            gte(emailOutbox.createdAt, since),
            sql`exists (select 1 from jsonb_array_elements_text(${emailOutbox.recipients}) as r(address) where lower(r.address) = ${address.toLowerCase()})`,
            notices === undefined ? undefined : inArray(sql`${emailOutbox.model}->>'notice'`, [...notices]),
          ),
        );
      return row?.value ?? 0;
    },

    async list({
      status,
      emailType,
      page,
      size,
    }: {
      status?: EmailStatus | undefined;
      emailType?: EmailType | undefined;
      page: number;
      size: number;
    }) {
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(emailOutbox.status, status));
      if (emailType) conditions.push(eq(emailOutbox.emailType, emailType));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(size)
          .offset(page * size),
        db.select({ value: count() }).from(emailOutbox).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Counts per status (an index-only walk of email_outbox_due_idx) and the oldest email still queued. */
    async statistics() {
      const [byStatus, [oldest]] = await Promise.all([
        db.select({ status: emailOutbox.status, count: count() }).from(emailOutbox).groupBy(emailOutbox.status),
        db
          .select({ createdAt: min(emailOutbox.createdAt) })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, 'QUEUED')),
      ]);
      return { byStatus, oldestQueuedAt: oldest?.createdAt ?? null };
    },

    async findById(id: string): Promise<EmailOutboxRow | null> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      return row ?? null;
    },

    /** FAILED → QUEUED, due now, with a fresh attempt budget; null when the email is not FAILED (or unknown). */
    async requeueFailed(id: string, now: Date): Promise<EmailOutboxRow | null> {
      const [row] = await db
        .update(emailOutbox)
        .set({ status: 'QUEUED', attempts: 0, nextAttemptAt: now, updatedAt: now })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'FAILED')))
        .returning();
      return row ?? null;
    },

    /**
     * Claims due emails for one worker: a single UPDATE over a `FOR UPDATE SKIP LOCKED` subquery, so
     * concurrent workers (several API instances) never claim the same row. The claim counts as an
     * attempt and leases the row until `leaseUntil`; if the worker dies, the row is due again then.
     */
    async claimDue({ now, limit, leaseUntil }: { now: Date; limit: number; leaseUntil: Date }): Promise<EmailOutboxRow[]> {
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'QUEUED'), lte(emailOutbox.nextAttemptAt, now)))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
        .where(inArray(emailOutbox.id, due))
        .returning();
    },

    /** `attempts` fences the update: a worker whose lease expired and was re-claimed changes nothing. */
    async markSent(id: string, attempts: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailOutbox)
        .set({ status: 'SENT', sentAt: now, lastError: null, updatedAt: now })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, attempts), eq(emailOutbox.status, 'QUEUED')))
        .returning({ id: emailOutbox.id });
      return rows.length > 0;
    },

    async markAttemptFailed(
      id: string,
      attempts: number,
      { error, now, retryAt }: { error: string; now: Date; retryAt: Date | null },
    ): Promise<boolean> {
      const rows = await db
        .update(emailOutbox)
        .set(
          retryAt ? { lastError: error, nextAttemptAt: retryAt, updatedAt: now } : { status: 'FAILED', lastError: error, updatedAt: now },
        )
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, attempts), eq(emailOutbox.status, 'QUEUED')))
        .returning({ id: emailOutbox.id });
      return rows.length > 0;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
