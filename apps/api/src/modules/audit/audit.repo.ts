import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntityType } from '@mirror/contract';
import type { Db } from '../../db/client';
import {
  auditEvents,
  categories,
  collections,
  componentOptionals,
  components,
  designers,
  emailOutbox,
  locations,
  orders,
  products,
  submissions,
  users,
  vendors,
  type AuditEventRow,
  type NewAuditEventRow,
} from '../../db/schema/index';

type Row = Record<string, unknown>;
interface Audited {
  table: PgTable & { id: PgColumn };
  /** What a person calls the record (kept with the event, so it reads the same after a rename or a purge). */
  label: (row: Row) => string;
}

// Every label column is text (a number would read as itself).
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** Each audited record type: where its rows live and how it is named. */
const AUDITED: Record<AuditEntityType, Audited> = {
  PRODUCT: { table: products, label: (r) => `${text(r.name)} (${text(r.sku)})` },
  COLLECTION: { table: collections, label: (r) => text(r.name) },
  CATEGORY: { table: categories, label: (r) => text(r.name) },
  COMPONENT: { table: components, label: (r) => text(r.name) },
  COMPONENT_OPTIONAL: { table: componentOptionals, label: (r) => text(r.name) },
  USER: { table: users, label: (r) => text(r.username) },
  ORDER: { table: orders, label: (r) => `${text(r.number)} · ${text(r.customerName)}` },
  DESIGNER: { table: designers, label: (r) => text(r.displayName) },
  VENDOR: { table: vendors, label: (r) => text(r.name) },
  LOCATION: { table: locations, label: (r) => text(r.name) },
  SUBMISSION: { table: submissions, label: (r) => `${text(r.name)} <${text(r.email)}>` },
  EMAIL: { table: emailOutbox, label: (r) => `${text(r.subject)} → ${(Array.isArray(r.recipients) ? r.recipients : []).join(', ')}` },
};

/**
 * The columns a record is compared by: all but those the database computes (sort keys, search vectors), which
 * follow the real fields and are not changes of their own.
 */
const recordedColumnsOf = new Map<AuditEntityType, Record<string, PgColumn>>(
  (Object.keys(AUDITED) as AuditEntityType[]).map((type) => [
    type,
    Object.fromEntries(
      Object.entries(getTableColumns(AUDITED[type].table)).filter(
        ([, column]) => (column as { generated?: unknown }).generated === undefined,
      ),
    ),
  ]),
);

export function labelOf(type: AuditEntityType, row: Row): string {
  return AUDITED[type].label(row).slice(0, 300);
}

export interface AuditFilter {
  actorId?: string | undefined;
  entityType?: AuditEntityType | undefined;
  entityId?: string | undefined;
  action?: AuditAction | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export function createAuditRepo(db: Db) {
  function where(f: AuditFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (f.actorId) conditions.push(eq(auditEvents.actorId, f.actorId));
    if (f.entityType) conditions.push(eq(auditEvents.entityType, f.entityType));
    if (f.entityId) conditions.push(eq(auditEvents.entityId, f.entityId));
    if (f.action) conditions.push(eq(auditEvents.action, f.action));
    if (f.from) conditions.push(gte(auditEvents.occurredAt, f.from));
    if (f.to) conditions.push(lte(auditEvents.occurredAt, f.to));
    return conditions.length ? and(...conditions) : undefined;
  }

  return {
    /** The current rows of `ids` (locked when `lock`: the change and its before-image cannot interleave with another writer). */
    async snapshots(type: AuditEntityType, ids: string[], lock: boolean): Promise<Map<string, Row>> {
      if (ids.length === 0) return new Map();
      const { table } = AUDITED[type];
      const map = new Map<string, Row>();
      // Batches keep the parameter count far below the protocol's limit on a large import.
      for (let i = 0; i < ids.length; i += 5_000) {
        const query = db
          .select(recordedColumnsOf.get(type)!)
          .from(table)
          .where(inArray(table.id, ids.slice(i, i + 5_000)));
        const rows = (lock ? await query.orderBy(table.id).for('update') : await query) as Row[];
        for (const row of rows) map.set(String(row.id), row);
      }
      return map;
    },

    async insertMany(rows: NewAuditEventRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 1_000) await db.insert(auditEvents).values(rows.slice(i, i + 1_000));
    },

    /** Newest first; ties (one transaction's events share a time) by id. */
    async list(
      filter: AuditFilter,
      { offset, limit }: { offset: number; limit: number },
    ): Promise<{ rows: AuditEventRow[]; total: number }> {
      const condition = where(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(condition)
          .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(auditEvents).where(condition),
      ]);
      return { rows, total: totals?.value ?? 0 };
    },

    /** Everyone who has changed something, with their latest name and how many changes they made. */
    async actors(): Promise<{ id: string; label: string; count: number }[]> {
      const rows = await db
        .select({
          id: auditEvents.actorId,
          label: sql<string | null>`(array_agg(${auditEvents.actorLabel} order by ${auditEvents.occurredAt} desc))[1]`,
          count: count(),
        })
        .from(auditEvents)
        .where(isNotNull(auditEvents.actorId))
        .groupBy(auditEvents.actorId)
        .orderBy(desc(count()));
      return rows.map((r) => ({ id: r.id!, label: r.label ?? '', count: r.count }));
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
