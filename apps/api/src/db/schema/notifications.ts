import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const EMAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export const emailStatus = pgEnum('email_status', EMAIL_STATUSES);

/**
 * Transactional outbox: every email is stored here first (in the same transaction as the change
 * that caused it, where there is one), then delivered by the worker with retries and backoff.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailType: text('email_type').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    status: emailStatus('status').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set on mail sent at most once per address per day (`type|scope|address|YYYY-MM-DD`, UTC): the
     * unique index makes the limit hold when two requests race, on every engine and instance.
     */
    onceKey: text('once_key'),
  },
  (t) => [
    uniqueIndex('email_outbox_once_key_uq')
      .on(t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
