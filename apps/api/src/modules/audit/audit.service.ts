import type { AuditAction, AuditActors, AuditChange, AuditEntityType, AuditEvent, AuditListQuery, Page } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { AuditEventRow, NewAuditEventRow } from '../../db/schema/index';
import { toPage } from '../../lib/pagination';
import { currentRequest } from '../../lib/request-context';
import { diffRecords, redact } from './audit.diff';
import { createAuditRepo, labelOf } from './audit.repo';

type Row = Record<string, unknown>;

export interface AuditSpec<T> {
  type: AuditEntityType;
  action: AuditAction;
  /** The records the write changes (locked and read before it); omit for a create and name them with `created`. */
  ids?: string[];
  /** The records a create made, from the write's result. */
  created?: (result: T) => string | string[] | null | undefined;
  /** Changes that are not columns of the record itself (a note, a payment recorded), added to each event written. */
  extra?: (result: T) => Record<string, AuditChange> | null;
}

/** Fields that point at another record: recorded by that record's name at the time, not an id nobody reads. */
const REFERENCES: Record<string, AuditEntityType> = {
  categoryId: 'CATEGORY',
  componentId: 'COMPONENT',
  vendorId: 'VENDOR',
  designerId: 'DESIGNER',
  customerId: 'USER',
  userId: 'USER',
  createdBy: 'USER',
};

async function nameReferences(tx: Db, events: ExplicitEvent[]): Promise<void> {
  const wanted = new Map<AuditEntityType, Set<string>>();
  for (const e of events) {
    for (const [field, change] of Object.entries(e.changes)) {
      const type = REFERENCES[field];
      if (!type) continue;
      for (const v of [change.from, change.to])
        if (typeof v === 'string') (wanted.get(type) ?? wanted.set(type, new Set()).get(type)!).add(v);
    }
  }
  if (wanted.size === 0) return;
  const labels = new Map<string, string>();
  for (const [type, ids] of wanted) for (const [id, label] of await auditLabels(tx, type, [...ids])) labels.set(`${type}:${id}`, label);
  const name = (type: AuditEntityType, v: unknown) => (typeof v === 'string' ? (labels.get(`${type}:${v}`) ?? v) : v);
  for (const e of events) {
    for (const [field, change] of Object.entries(e.changes)) {
      const type = REFERENCES[field];
      if (type) e.changes[field] = { from: name(type, change.from), to: name(type, change.to) };
    }
  }
}

export interface ExplicitEvent {
  type: AuditEntityType;
  action: AuditAction;
  id: string;
  label: string;
  changes: Record<string, AuditChange>;
}

function eventRow(e: ExplicitEvent, now: Date): NewAuditEventRow {
  const { actor, requestId } = currentRequest();
  return {
    occurredAt: now,
    actorId: actor?.id ?? null,
    actorLabel: actor?.username ?? null,
    action: e.action,
    entityType: e.type,
    entityId: e.id,
    entityLabel: e.label,
    // The single place every event passes before it is written: secrets never reach the table.
    changes: redact(e.changes),
    requestId,
  };
}

/** Writes events as they are, in the caller's transaction (for changes the generic diff cannot see). */
export async function recordEvents(tx: Db, events: ExplicitEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = new Date();
  await createAuditRepo(tx).insertMany(events.map((e) => eventRow(e, now)));
}

/**
 * Runs `write` in a transaction (a savepoint inside the caller's) with the audit trail: the records are
 * locked and read before, read again after, and one event per record that changed is written in the same
 * transaction — a write that fails or rolls back leaves no event, a committed one always has its event.
 * A no-op (nothing changed, e.g. a conditional update that matched no row) is not recorded.
 */
export function audited<T>(db: Db, spec: AuditSpec<NoInfer<T>>, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (handle) => {
    const tx = handle as unknown as Db;
    const repo = createAuditRepo(tx);
    const before = await repo.snapshots(spec.type, spec.ids ?? [], true);
    const result = await write(tx);
    const made = spec.created?.(result);
    const ids = [...new Set([...(spec.ids ?? []), ...(made == null ? [] : Array.isArray(made) ? made : [made])])];
    const after = await repo.snapshots(spec.type, ids, false);
    const extra = spec.extra?.(result) ?? {};
    const events: ExplicitEvent[] = [];
    for (const id of ids) {
      const b = before.get(id) ?? null;
      const a = after.get(id) ?? null;
      const row = a ?? b;
      if (!row) continue;
      const diff = diffRecords(b, a);
      // Recorded when a field changed or the record came into being or went away; a no-op is not a change.
      if (Object.keys(diff).length === 0 && !b === !a) continue;
      const changes = { ...diff, ...extra };
      events.push({ type: spec.type, action: spec.action, id, label: labelOf(spec.type, row), changes });
    }
    await nameReferences(tx, events);
    await recordEvents(tx, events);
    return result;
  });
}

/** What each record is called now (for events that name other records, e.g. the pieces of a collection). */
export async function auditLabels(tx: Db, type: AuditEntityType, ids: string[]): Promise<Map<string, string>> {
  const rows = await createAuditRepo(tx).snapshots(type, [...new Set(ids)], false);
  return new Map([...rows].map(([id, row]) => [id, labelOf(type, row)]));
}

/** One event whose changes the caller states (the record's label is read in the same transaction). */
export async function recordEvent(tx: Db, e: Omit<ExplicitEvent, 'label'>): Promise<void> {
  const label = (await auditLabels(tx, e.type, [e.id])).get(e.id) ?? e.id;
  await recordEvents(tx, [{ ...e, label }]);
}

function toDto(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    changes: row.changes,
    requestId: row.requestId,
  };
}

const startOf = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v);
const endOf = (v: string) => new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v);

export function createAuditService({ db }: { db: Db }) {
  const repo = createAuditRepo(db);
  return {
    async list({ query }: { query: AuditListQuery }): Promise<Page<AuditEvent>> {
      const { rows, total } = await repo.list(
        {
          actorId: query.actorId,
          entityType: query.entityType,
          entityId: query.entityId,
          action: query.action,
          from: query.from ? startOf(query.from) : undefined,
          to: query.to ? endOf(query.to) : undefined,
        },
        { offset: query.page * query.size, limit: query.size },
      );
      return toPage(rows.map(toDto), total, query.page, query.size);
    },

    async actors(): Promise<AuditActors> {
      return { content: await repo.actors() };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
export type { Row as AuditRow };
