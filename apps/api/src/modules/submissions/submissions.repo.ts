import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SubmissionListQuery, SubmissionStatus } from '@mirror/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { submissionStatusHistory, submissions, type SubmissionRow } from '../../db/schema/submissions';
import { escapeLike } from '../../db/sql-helpers';

export type NewSubmission = Omit<
  typeof submissions.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'decisionEmailId' | 'statusChangedAt'
>;

const SORT_COLUMNS = { createdAt: submissions.createdAt, name: submissions.name, status: submissions.status } as const;

/** The expression of submissions_search_trgm_idx, so a search of 3+ characters is an index lookup. */
function searchCondition(q: string): SQL {
  return sql`(${submissions.name} || ' ' || ${submissions.email} || ' ' || coalesce(${submissions.country}, '')) ilike ${`%${escapeLike(q)}%`}`;
}

export function createSubmissionsRepo(db: Db) {
  return {
    /** The new row, or null when an identical entry (same fingerprint) is already recorded. */
    async insertIfNew(values: NewSubmission): Promise<SubmissionRow | null> {
      const [row] = await db.insert(submissions).values(values).onConflictDoNothing({ target: submissions.fingerprint }).returning();
      return row ?? null;
    },

    async insertHistory(values: typeof submissionStatusHistory.$inferInsert) {
      await db.insert(submissionStatusHistory).values(values);
    },

    async findById(id: string, lock = false): Promise<SubmissionRow | null> {
      const query = db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async update(
      id: string,
      patch: Partial<Pick<SubmissionRow, 'status' | 'decisionEmailId' | 'statusChangedAt'>>,
    ): Promise<SubmissionRow> {
      const [row] = await db
        .update(submissions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(submissions.id, id))
        .returning();
      return row!;
    },

    async historyOf(id: string) {
      return db
        .select({
          id: submissionStatusHistory.id,
          fromStatus: submissionStatusHistory.fromStatus,
          toStatus: submissionStatusHistory.toStatus,
          note: submissionStatusHistory.note,
          changedBy: submissionStatusHistory.changedBy,
          changedByUsername: users.username,
          createdAt: submissionStatusHistory.createdAt,
        })
        .from(submissionStatusHistory)
        .leftJoin(users, eq(users.id, submissionStatusHistory.changedBy))
        .where(eq(submissionStatusHistory.submissionId, id))
        .orderBy(asc(submissionStatusHistory.createdAt), asc(submissionStatusHistory.id));
    },

    async list(
      { status, q }: { status?: SubmissionStatus | undefined; q?: string | undefined },
      query: Pick<SubmissionListQuery, 'page' | 'size' | 'sort'>,
    ) {
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(submissions.status, status));
      if (q) conditions.push(searchCondition(q));
      const where = conditions.length ? and(...conditions) : undefined;
      const column = SORT_COLUMNS[query.sort.field];
      const direction = query.sort.direction === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(submissions)
          .where(where)
          .orderBy(direction(column), direction(submissions.createdAt), desc(submissions.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(submissions).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async countByStatus(q?: string) {
      return db
        .select({ status: submissions.status, count: count() })
        .from(submissions)
        .where(q ? searchCondition(q) : undefined)
        .groupBy(submissions.status);
    },

    /** Entries sent with this address (case-insensitive: submissions_email_idx), newest first. */
    async listByEmail(email: string, { page, size }: { page: number; size: number }) {
      const where = sql`lower(${submissions.email}) = lower(${email})`;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(submissions)
          .where(where)
          .orderBy(desc(submissions.createdAt), desc(submissions.id))
          .limit(size)
          .offset(page * size),
        db.select({ value: count() }).from(submissions).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async emailOfUser(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.email ?? null;
    },
  };
}

export type SubmissionsRepo = ReturnType<typeof createSubmissionsRepo>;
