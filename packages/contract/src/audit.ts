import { z } from 'zod';
import { pageSchema, PageQuerySchema } from './common';

/** The kinds of record the back-office changes; each has its admin page (the Activity links to it). */
export const AUDIT_ENTITY_TYPES = [
  'PRODUCT',
  'COLLECTION',
  'CATEGORY',
  'COMPONENT',
  'COMPONENT_OPTIONAL',
  'USER',
  'ORDER',
  'DESIGNER',
  'VENDOR',
  'LOCATION',
  'SUBMISSION',
  'EMAIL',
] as const;
export const AuditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof AuditEntityTypeSchema>;

/**
 * What was done. UPDATE is a plain edit; the others name a dedicated operation (a status move, a role
 * change, a stock count, a payment…) so the Activity reads as a sentence.
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'RESTORE',
  'PURGE',
  'STATUS',
  'ROLE',
  'STOCK',
  'FEATURE',
  'IMPORT',
  'PAYMENT',
  'PAYMENT_TERMS',
  'ADD_MEMBER',
  'REMOVE_MEMBER',
  'REORDER',
  'HERO',
  'NOTE',
  'RETRY',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** One changed field: its value before and after (JSON; money in minor units, dates ISO-8601). */
export const AuditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEventSchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime(),
  /** null for a change made by the system (no signed-in person). */
  actorId: z.uuid().nullable(),
  /** The person's username when the change was made (kept if the account is renamed or removed). */
  actorLabel: z.string().nullable(),
  action: AuditActionSchema,
  entityType: AuditEntityTypeSchema,
  entityId: z.string(),
  /** The record's name (SKU, number, username…) when the change was made. */
  entityLabel: z.string(),
  /** Only the fields that changed. Secrets (password hashes, tokens) are never recorded. */
  changes: z.record(z.string(), AuditChangeSchema),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export const AuditEventPageSchema = pageSchema(AuditEventSchema);
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

const DateOnly = z.iso.date('Use a date such as 2026-12-31');

/** Newest first. `from`/`to` are inclusive; a date alone means its start (`from`) or its end (`to`), UTC. */
export const AuditListQuerySchema = PageQuerySchema.extend({
  actorId: z.uuid().optional(),
  entityType: AuditEntityTypeSchema.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  action: AuditActionSchema.optional(),
  from: z.iso.datetime({ offset: true }).or(DateOnly).optional(),
  to: z.iso.datetime({ offset: true }).or(DateOnly).optional(),
}).superRefine((q, ctx) => {
  const start = (v: string) => Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
  if (q.from && q.to && start(q.from) > start(q.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from"' });
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** The people who have made changes (the Activity's person filter), most active first. */
export const AuditActorSchema = z.object({ id: z.uuid(), label: z.string(), count: z.number().int() });
export type AuditActor = z.infer<typeof AuditActorSchema>;
export const AuditActorsSchema = z.object({ content: z.array(AuditActorSchema) });
export type AuditActors = z.infer<typeof AuditActorsSchema>;
