import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUBMISSION_STATUSES } from '@mirror/contract';
import { users } from './users';
import { emailOutbox } from './notifications';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const submissionStatus = pgEnum('submission_status', SUBMISSION_STATUSES);

export interface SubmissionFileRef {
  /** Storage key under `<bucket>/jewelry-week/submissions/`. */
  key: string;
  name: string | null;
}

/**
 * Digital jewelry week entries. Written in the transaction that queues the public form's
 * JEWELRY_WEEK_SUBMISSION email; `fingerprint` (email, files, statement) makes a resent form one entry.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    brandName: text('brand_name'),
    country: text('country'),
    website: text('website'),
    instagram: text('instagram'),
    collectionTitle: text('collection_title'),
    statement: text('statement'),
    files: jsonb('files').$type<SubmissionFileRef[]>().notNull().default([]),
    status: submissionStatus('status').notNull().default('RECEIVED'),
    fingerprint: text('fingerprint').notNull(),
    decisionEmailId: uuid('decision_email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    statusChangedAt: ts('status_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submissions_fingerprint_uq').on(t.fingerprint),
    index('submissions_created_idx').on(t.createdAt, t.id),
    index('submissions_status_idx').on(t.status, t.createdAt, t.id),
    // A designer's own entries (GET /api/submissions/mine), matched by the account's email.
    index('submissions_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    // The back-office search (`q`): name, email or country, one trigram index over the three.
    index('submissions_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.country}, '')) gin_trgm_ops`,
    ),
  ],
);

export const submissionStatusHistory = pgTable(
  'submission_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    fromStatus: submissionStatus('from_status'),
    toStatus: submissionStatus('to_status').notNull(),
    note: text('note'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('submission_status_history_submission_idx').on(t.submissionId, t.createdAt)],
);

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionHistoryRow = typeof submissionStatusHistory.$inferSelect;
