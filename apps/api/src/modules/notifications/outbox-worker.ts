import { EmailSchema } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { EmailOutboxRow } from '../../db/schema/index';
import type { Mailer } from '../../lib/mail/mailer';
import { createNotificationsRepo } from './notifications.repo';

interface Logger {
  info(msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  /** null when SMTP_URL is unset: nothing is sent and emails stay QUEUED in the outbox. */
  mailer: Mailer | null;
  from: string;
  maxAttempts: number;
  /** First retry delay; each further attempt doubles it (capped at MAX_BACKOFF_MS). */
  retryBaseMs: number;
  pollIntervalMs: number;
  batchSize?: number;
  /** How long a claimed email stays reserved for the worker that claimed it. */
  leaseMs?: number;
  clock?: () => Date;
  log: Logger;
}

export interface RunResult {
  sent: number;
  retrying: number;
  failed: number;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const REPLY_TO_SENDER: readonly string[] = ['JEWELRY_WEEK_SUBMISSION', 'CONTACT_MESSAGE', 'APPOINTMENT_REQUEST'];

/** Mail from a visitor to the Maison answers back to the visitor (the address was validated on enqueue). */
function replyToOf(row: EmailOutboxRow): string | undefined {
  if (!REPLY_TO_SENDER.includes(row.emailType)) return undefined;
  const parsed = EmailSchema.safeParse(row.model.email);
  return parsed.success ? parsed.data : undefined;
}

export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** Delivers QUEUED outbox rows; safe to run in several processes at once (see repo.claimDue). */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const {
    db,
    mailer,
    from,
    maxAttempts,
    retryBaseMs,
    pollIntervalMs,
    batchSize = 10,
    leaseMs = 5 * 60_000,
    clock = () => new Date(),
    log,
  } = options;
  const repo = createNotificationsRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunResult> | undefined;
  let isStopped = true;

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retrying: 0, failed: 0 };
    if (!mailer) return result;
    const now = clock();
    const claimed = await repo.claimDue({ now, limit: batchSize, leaseUntil: new Date(now.getTime() + leaseMs) });
    for (const row of claimed) {
      try {
        await mailer.send({ from, to: row.recipients, subject: row.subject, html: row.html, text: row.text, replyTo: replyToOf(row) });
        if (await repo.markSent(row.id, row.attempts, clock())) result.sent += 1;
      } catch (err) {
        const error = ((err as Error).message || String(err)).slice(0, 1000);
        const isFinal = row.attempts >= maxAttempts;
        const at = clock();
        const retryAt = isFinal ? null : new Date(at.getTime() + backoffMs(row.attempts, retryBaseMs));
        await repo.markAttemptFailed(row.id, row.attempts, { error, now: at, retryAt });
        if (isFinal) {
          result.failed += 1;
          log.error({ emailId: row.id, attempts: row.attempts, error }, 'email failed permanently');
        } else {
          result.retrying += 1;
          log.warn({ emailId: row.id, attempts: row.attempts, retryAt, error }, 'email delivery failed; will retry');
        }
      }
    }
    return result;
  }

  function schedule(delay: number) {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => {
          log.error({ err }, 'outbox worker run failed');
          return { sent: 0, retrying: 0, failed: 0 };
        })
        .then((r) => {
          // A full batch means more may be waiting: go again at once.
          schedule(r.sent + r.retrying + r.failed >= batchSize ? 0 : pollIntervalMs);
          return r;
        });
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!mailer) {
        log.info('SMTP_URL is not set: emails stay QUEUED in the outbox (GET /api/notifications/outbox)');
        return;
      }
      if (!isStopped) return;
      isStopped = false;
      schedule(0);
    },
    /** Stops polling and waits for the batch in flight, so shutdown never cuts a send in half. */
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      mailer?.close();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
