import { requestInScope } from '../../lib/request-context';

/**
 * Security events (issue 14, finding 7): one structured pino line each, through the request's logger
 * (so `reqId` is bound), with `securityEvent`, `userId`, `ip` and `requestId`. Never a password, a
 * token or a hash: callers pass ids, codes and roles only, and `detail` is checked for secret-looking keys.
 *
 * Failures and refusals are `warn`, successes `info`.
 */
export type SecurityEventName =
  | 'auth.login.succeeded'
  | 'auth.login.failed'
  | 'auth.login.throttled'
  | 'auth.login.inactive'
  | 'auth.refresh.replayed'
  | 'auth.family.revoked'
  | 'auth.logout'
  | 'user.registered'
  | 'user.registration.existing-email'
  | 'user.registration.throttled'
  | 'user.confirmation.sent'
  | 'user.confirmation.capped'
  | 'user.confirmation.refused'
  | 'user.password.changed'
  | 'user.email.changed'
  | 'user.email.change-requested'
  | 'user.email.change-cancelled'
  | 'user.email.change-throttled'
  | 'user.reauth.failed'
  | 'user.reauth.throttled'
  | 'user.role.changed'
  | 'user.status.changed'
  | 'user.deleted'
  | 'access.denied';

const WARN: ReadonlySet<SecurityEventName> = new Set([
  'auth.login.failed',
  'auth.login.throttled',
  'auth.login.inactive',
  'auth.refresh.replayed',
  'auth.family.revoked',
  'user.registration.throttled',
  'user.confirmation.capped',
  'user.confirmation.refused',
  'user.email.change-throttled',
  'user.reauth.failed',
  'user.reauth.throttled',
  'access.denied',
]);

const SECRET_KEY = /pass|token|hash|secret|authorization|cookie/i;

export interface SecurityEventFields {
  /** The account the event is about (the target of a change, or the one signing in); null when unknown. */
  userId: string | null;
  /** Plain facts only: codes, roles, statuses, methods, URLs. */
  detail?: Record<string, string | number | boolean | null | undefined>;
}

type Sink = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export function securityEvent(name: SecurityEventName, { userId, detail = {} }: SecurityEventFields, fallback?: Sink): void {
  const request = requestInScope();
  const log: Sink | undefined = request?.log ?? fallback;
  if (!log) return;
  const safe = Object.fromEntries(Object.entries(detail).filter(([key]) => !SECRET_KEY.test(key)));
  const line = {
    securityEvent: name,
    userId,
    actorId: request?.actor?.id ?? null,
    ip: request?.ip ?? null,
    requestId: request?.id ?? null,
    ...safe,
  };
  if (WARN.has(name)) log.warn(line, `security: ${name}`);
  else log.info(line, `security: ${name}`);
}
