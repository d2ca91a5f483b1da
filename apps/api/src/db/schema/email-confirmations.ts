import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONFIRMATION_PURPOSES } from '@mirror/contract';
import { users } from './users';

export const confirmationPurpose = pgEnum('confirmation_purpose', CONFIRMATION_PURPOSES);

/**
 * Links that confirm an address (issue 14). A registration waits here, not in `users`, until its link is
 * opened: an unconfirmed registration holds no username and no address, so neither sign-in nor a second
 * registration can tell it exists. A change of address waits here too (the account keeps its address).
 *
 * The link carries `<id>.<verifier>`; only the SHA-256 of the 256-bit verifier is stored, compared in
 * constant time. `used_at` makes a link single-use; sending it again replaces the verifier (the old link
 * stops working) and the expiry.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: confirmationPurpose('purpose').notNull(),
    /** The address being confirmed: the registration's, or the account's new one. */
    email: text('email').notNull(),
    /** EMAIL_CHANGE: the account whose address changes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** REGISTRATION: the account to create once confirmed. */
    username: text('username'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    verifierHash: text('verifier_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('email_confirmations_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt),
    index('email_confirmations_user_idx').on(t.userId),
    index('email_confirmations_expires_idx').on(t.expiresAt),
    check(
      'email_confirmations_shape_ck',
      sql`(${t.purpose} = 'REGISTRATION' and ${t.username} is not null and ${t.passwordHash} is not null and ${t.userId} is null) or (${t.purpose} = 'EMAIL_CHANGE' and ${t.userId} is not null and ${t.username} is null and ${t.passwordHash} is null)`,
    ),
  ],
);

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;
export type NewEmailConfirmationRow = typeof emailConfirmations.$inferInsert;
