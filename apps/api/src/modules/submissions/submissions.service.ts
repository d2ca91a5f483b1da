import {
  SUBMISSION_STATUSES,
  SUBMISSION_TRANSITIONS,
  type MySubmission,
  type Page,
  type PageQuery,
  type Submission,
  type SubmissionDetail,
  type SubmissionFacets,
  type SubmissionFacetsQuery,
  type SubmissionListQuery,
  type SubmissionStatus,
  type UpdateSubmissionBody,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import type { SubmissionRow } from '../../db/schema/submissions';
import { AppError } from '../../lib/errors';
import { toPage } from '../../lib/pagination';
import { fileUrl } from '../../lib/storage/storage';
import type { Actor } from '../../plugins/auth';
import { enqueueEmail } from '../notifications/notifications.service';
import { createSubmissionsRepo, type SubmissionsRepo } from './submissions.repo';
import { audited, recordEvent } from '../audit/audit.service';

const notFound = () => new AppError('SUBMISSION_NOT_FOUND', 'Submission not found.');
const IMAGE_KEY = /\.(jpg|jpeg|png|webp|avif)$/i;
const DECISIONS: readonly SubmissionStatus[] = ['SELECTED', 'DECLINED'];

function toSubmissionDto(row: SubmissionRow): Submission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    brandName: row.brandName,
    country: row.country,
    website: row.website,
    instagram: row.instagram,
    collectionTitle: row.collectionTitle,
    statement: row.statement,
    files: row.files.map((f) => ({ key: f.key, name: f.name, url: fileUrl(f.key), isImage: IMAGE_KEY.test(f.key) })),
    status: row.status,
    allowedStatuses: [...SUBMISSION_TRANSITIONS[row.status]],
    decisionEmailId: row.decisionEmailId,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMySubmissionDto(row: SubmissionRow): MySubmission {
  const { id, name, brandName, country, collectionTitle, statement, files, status, statusChangedAt, createdAt } = toSubmissionDto(row);
  return { id, name, brandName, country, collectionTitle, statement, files, status, statusChangedAt, createdAt };
}

export function createSubmissionsService({ db }: { db: Db }) {
  const repo = createSubmissionsRepo(db);
  const inTx = <T>(fn: (txRepo: SubmissionsRepo, tx: Db) => Promise<T>) =>
    db.transaction((tx) => fn(createSubmissionsRepo(tx as unknown as Db), tx as unknown as Db));

  async function detail(row: SubmissionRow, r: SubmissionsRepo = repo): Promise<SubmissionDetail> {
    const history = await r.historyOf(row.id);
    return { ...toSubmissionDto(row), history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })) };
  }

  return {
    async list({ query }: { query: SubmissionListQuery }): Promise<Page<Submission>> {
      const { rows, total } = await repo.list({ status: query.status, q: query.q }, query);
      return toPage(rows.map(toSubmissionDto), total, query.page, query.size);
    },

    async facets({ query }: { query: SubmissionFacetsQuery }): Promise<SubmissionFacets> {
      const counts = await repo.countByStatus(query.q);
      const byStatus = Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.count ?? 0])) as Record<
        SubmissionStatus,
        number
      >;
      return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
    },

    async get({ id }: { id: string }): Promise<SubmissionDetail> {
      const row = await repo.findById(id);
      if (!row) throw notFound();
      return detail(row);
    },

    /**
     * Moves an entry along SUBMISSION_TRANSITIONS. The same status again only adds the note (or changes
     * nothing), so a double click never writes twice. A decision queues the designer's email in the same
     * transaction: both happen, or neither.
     */
    async update({ actor, id, body }: { actor: Actor; id: string; body: UpdateSubmissionBody }): Promise<SubmissionDetail> {
      return inTx(async (r, tx) => {
        const current = await r.findById(id, true);
        if (!current) throw notFound();
        if (body.status === current.status) {
          if (body.note) {
            await r.insertHistory({
              submissionId: id,
              fromStatus: current.status,
              toStatus: current.status,
              note: body.note,
              changedBy: actor.id,
            });
            await recordEvent(tx, { type: 'SUBMISSION', action: 'NOTE', id, changes: { note: { from: null, to: body.note } } });
          }
          return detail(current, r);
        }
        const allowed = SUBMISSION_TRANSITIONS[current.status];
        if (!allowed.includes(body.status)) {
          const moves = allowed.length ? allowed.join(', ') : 'none (a decision is final)';
          throw new AppError(
            'INVALID_TRANSITION',
            `A submission that is ${current.status} cannot become ${body.status}. Allowed: ${moves}.`,
            [{ path: 'status', message: `Allowed from ${current.status}: ${moves}` }],
          );
        }
        const now = new Date();
        let decisionEmailId: string | null = current.decisionEmailId;
        if (DECISIONS.includes(body.status)) {
          const email = await enqueueEmail(tx, {
            emailType: 'JEWELRY_WEEK_DECISION',
            recipients: [current.email],
            model: {
              name: current.name,
              email: current.email,
              decision: body.status as 'SELECTED' | 'DECLINED',
              ...(current.collectionTitle ? { collectionTitle: current.collectionTitle } : {}),
            },
          });
          decisionEmailId = email.id;
        }
        await r.insertHistory({
          submissionId: id,
          fromStatus: current.status,
          toStatus: body.status,
          note: body.note ?? null,
          changedBy: actor.id,
          createdAt: now,
        });
        const note = body.note ? { note: { from: null, to: body.note } } : null;
        const updated = await audited(tx, { type: 'SUBMISSION', action: 'STATUS', ids: [id], extra: () => note }, (t) =>
          createSubmissionsRepo(t).update(id, { status: body.status, statusChangedAt: now, decisionEmailId }),
        );
        return detail(updated, r);
      });
    },

    /** A designer's own entries: those sent with their account's email address. */
    async mine({ actor, query }: { actor: Actor; query: PageQuery }): Promise<Page<MySubmission>> {
      const email = await repo.emailOfUser(actor.id);
      if (!email) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      const { rows, total } = await repo.listByEmail(email, query);
      return toPage(rows.map(toMySubmissionDto), total, query.page, query.size);
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
