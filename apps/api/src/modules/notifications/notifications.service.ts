import {
  EMAIL_MODEL_SCHEMAS,
  EMAIL_STATUSES,
  PUBLIC_EMAIL_TYPES,
  type EmailModels,
  type EmailStatistics,
  type EmailStatus,
  type EmailType,
  type OutboxEmail,
  type OutboxEmailDetail,
  type OutboxQuery,
  type Page,
  type QueuedEmail,
  type SendEmailBody,
} from '@mirror/contract';
import type { Db } from '../../db/client';
import type { EmailOutboxRow } from '../../db/schema/index';
import type { CaptchaVerifier } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { recordSubmission } from '../submissions/submissions.record';
import { renderEmail } from './email-templates';
import { createNotificationsRepo } from './notifications.repo';
import { audited } from '../audit/audit.service';

/** The jewelry-week form's acknowledgement, which its page asks for (contact and appointment forms get theirs with the message). */
export const ACKNOWLEDGEMENT_TYPE = 'JEWELRY_WEEK_CONFIRMATION' satisfies EmailType;

export type EnqueueEmailInput = { [K in EmailType]: { emailType: K; recipients: string[]; model: EmailModels[K] } }[EmailType];

export interface EnqueueOptions {
  /**
   * At most one such email to this address per UTC day (per `scope`: a notice, a form): a repeat writes
   * nothing and returns the day's first. Held by a unique key, so it holds under concurrent requests.
   */
  oncePerDay?: { address: string; scope?: string };
}

/** `type|scope|address|YYYY-MM-DD` (UTC): the key of the once-a-day limit (migration 0014 builds the same). */
export function onceKey(emailType: EmailType, scope: string, address: string, now: Date = new Date()): string {
  return `${emailType}|${scope}|${address.trim().toLowerCase()}|${now.toISOString().slice(0, 10)}`;
}

function uniqueRecipients(list: string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of list) {
    const trimmed = address.trim();
    if (!seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

/**
 * Renders an email and writes it to the outbox (QUEUED); the worker delivers it. Pass a transaction
 * as `db` to queue the email atomically with the change that caused it (e.g. an order).
 * The model is validated against the contract, so other modules get the same guarantees as HTTP.
 */
export async function enqueueEmail(db: Db, input: EnqueueEmailInput, options: EnqueueOptions = {}): Promise<EmailOutboxRow> {
  const parsed = EMAIL_MODEL_SCHEMAS[input.emailType].safeParse(input.model);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Some fields are not valid.',
      parsed.error.issues.map((i) => ({ path: ['model', ...i.path].join('.'), message: i.message })),
    );
  }
  const model = parsed.data;
  const recipients = uniqueRecipients(input.recipients);
  if (recipients.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: 'recipients', message: 'Add at least one recipient' }]);
  const rendered = renderEmail(input.emailType, model as never);
  const values = { emailType: input.emailType, recipients, model: model as Record<string, unknown>, ...rendered };
  const repo = createNotificationsRepo(db);
  if (!options.oncePerDay) return repo.insert(values);
  const { address, scope = '' } = options.oncePerDay;
  return (await repo.insertOnce(values, onceKey(input.emailType, scope, address))).row;
}

/** Forms whose visitor gets the fixed VISITOR_ACKNOWLEDGEMENT with their message. */
const ACKNOWLEDGED: Partial<Record<EmailType, EmailModels['VISITOR_ACKNOWLEDGEMENT']['form']>> = {
  CONTACT_MESSAGE: 'CONTACT',
  APPOINTMENT_REQUEST: 'APPOINTMENT',
};

/**
 * The one kind of email a visitor's form sends outside the house (issue 14, finding 4): a fixed text with
 * nothing the visitor typed, only to the address typed in the form, at most once per address per day.
 * Every form's acknowledgement goes through here.
 */
export function acknowledgeVisitor(
  db: Db,
  ack:
    | { emailType: 'JEWELRY_WEEK_CONFIRMATION'; address: string; model: EmailModels['JEWELRY_WEEK_CONFIRMATION'] }
    | { emailType: 'VISITOR_ACKNOWLEDGEMENT'; address: string; model: EmailModels['VISITOR_ACKNOWLEDGEMENT'] },
): Promise<EmailOutboxRow> {
  const scope = ack.emailType === 'VISITOR_ACKNOWLEDGEMENT' ? ack.model.form : '';
  return enqueueEmail(db, { emailType: ack.emailType, recipients: [ack.address], model: ack.model } as EnqueueEmailInput, {
    oncePerDay: { address: ack.address, scope },
  });
}

export function toOutboxEmailDto(row: EmailOutboxRow): OutboxEmail {
  return {
    id: row.id,
    emailType: row.emailType,
    recipients: row.recipients,
    subject: row.subject,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createNotificationsService({ db, brandInbox, captcha }: { db: Db; brandInbox: string; captcha: CaptchaVerifier }) {
  const repo = createNotificationsRepo(db);
  const publicTypes: readonly EmailType[] = PUBLIC_EMAIL_TYPES;

  /**
   * No relay (issue 14, finding 4): only ADMIN may address anyone or send order mail. Everyone else
   * (visitors and self-registered accounts alike) writes to the brand inbox only, and must pass the
   * captcha when it is on. The one email that reaches a visitor's own address is the fixed
   * acknowledgement (`acknowledgeVisitor`): the jewelry-week page asks for it (JEWELRY_WEEK_CONFIRMATION,
   * answered with the day's first when repeated); the contact and appointment forms get it with their
   * message, in the message's transaction.
   */
  async function send({ actor, body, ip }: { actor: Actor | null; body: SendEmailBody; ip: string }): Promise<QueuedEmail> {
    const isAdmin = actor?.role === 'ADMIN';
    if (!isAdmin) {
      if (!publicTypes.includes(body.emailType)) {
        if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to send this email.');
        throw new AppError('FORBIDDEN', 'You do not have permission to send this email.');
      }
      const isAcknowledgement = body.emailType === ACKNOWLEDGEMENT_TYPE;
      const own = 'email' in body.model && body.model.email ? body.model.email.trim().toLowerCase() : '';
      const allowed = isAcknowledgement ? own : brandInbox.toLowerCase();
      const refused = body.recipients.map((r, index) => ({ r, index })).filter(({ r }) => r.trim().toLowerCase() !== allowed);
      if (refused.length > 0) {
        const message = isAcknowledgement
          ? 'The acknowledgement may only be sent to the address given in the form.'
          : 'This form may only write to the Maison.';
        throw new AppError(
          'RECIPIENT_NOT_ALLOWED',
          message,
          refused.map(({ index }) => ({ path: `recipients.${index}`, message: 'This recipient is not allowed' })),
        );
      }
      await captcha.verify(body.captchaToken, ip);
      if (isAcknowledgement) {
        // Once a day per address: a repeat answers with the day's first, and nothing new is queued.
        const row = await acknowledgeVisitor(db, {
          emailType: ACKNOWLEDGEMENT_TYPE,
          address: own,
          model: body.model,
        });
        return { id: row.id, emailType: body.emailType, recipients: row.recipients, status: row.status };
      }
    }
    const input = { emailType: body.emailType, recipients: body.recipients, model: body.model } as EnqueueEmailInput;
    const form = ACKNOWLEDGED[body.emailType];
    const row =
      // The jewelry-week form's email to the Maison is also the entry: both are written, or neither.
      body.emailType === 'JEWELRY_WEEK_SUBMISSION'
        ? await db.transaction(async (tx) => {
            const queued = await enqueueEmail(tx, input);
            await recordSubmission(tx, body.model);
            return queued;
          })
        : // A visitor's message and its acknowledgement: both queued, or neither.
          form && !isAdmin && 'email' in body.model && body.model.email
          ? await db.transaction(async (tx) => {
              const queued = await enqueueEmail(tx, input);
              await acknowledgeVisitor(tx, {
                emailType: 'VISITOR_ACKNOWLEDGEMENT',
                address: (body.model as { email: string }).email,
                model: { form },
              });
              return queued;
            })
          : await enqueueEmail(db, input);
    return { id: row.id, emailType: body.emailType, recipients: row.recipients, status: row.status };
  }

  async function listOutbox(query: OutboxQuery): Promise<Page<OutboxEmail>> {
    const { rows, total } = await repo.list(query);
    return toPage(rows.map(toOutboxEmailDto), total, query.page, query.size);
  }

  async function getEmail({ id }: { id: string }): Promise<OutboxEmailDetail> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('EMAIL_NOT_FOUND', 'Email not found.');
    return { ...toOutboxEmailDto(row), html: row.html };
  }

  /** A FAILED email goes back to the queue, due now, with a fresh attempt budget; the last error stays until it is sent. */
  async function retry({ id, now = new Date() }: { id: string; now?: Date }): Promise<OutboxEmail> {
    const requeued = await audited(db, { type: 'EMAIL', action: 'RETRY', ids: [id] }, (tx) =>
      createNotificationsRepo(tx).requeueFailed(id, now),
    );
    if (requeued) return toOutboxEmailDto(requeued);
    const row = await repo.findById(id);
    if (!row) throw new AppError('EMAIL_NOT_FOUND', 'Email not found.');
    const why = row.status === 'SENT' ? 'it has already been sent' : 'it is already queued for delivery';
    throw new AppError('INVALID_TRANSITION', `Only a failed email can be retried: ${why}.`, [
      { path: 'status', message: `The email is ${row.status}` },
    ]);
  }

  async function statistics(): Promise<EmailStatistics> {
    const stats = await repo.statistics();
    const byStatus = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, stats.byStatus.find((r) => r.status === s)?.count ?? 0])) as Record<
      EmailStatus,
      number
    >;
    return {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      oldestQueuedAt: stats.oldestQueuedAt ? new Date(stats.oldestQueuedAt).toISOString() : null,
    };
  }

  return { send, listOutbox, getEmail, retry, statistics };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
