import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What this database was last brought up to date with, by name: one row per fact a start checks by its
 * primary key ('studio-generator': the imagery generator every studio image was last checked against).
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
