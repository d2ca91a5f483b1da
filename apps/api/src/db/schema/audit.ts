import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditChange, AuditEntityType } from '@mirror/contract';

/**
 * The audit trail: one row per change made through the back-office, written in the transaction of the
 * change (modules/audit). Snapshots of the actor's and the record's names keep an entry readable after
 * either is renamed or deleted, so neither id is a foreign key.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null: the system (no signed-in person). */
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    entityId: text('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [
    // The Activity (newest first), a record's History, a person's changes: each filter walks its own index in time order.
    index('audit_events_time_idx').on(t.occurredAt, t.id),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.occurredAt),
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt),
    index('audit_events_type_time_idx').on(t.entityType, t.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;
