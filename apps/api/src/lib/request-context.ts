import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * The request a piece of work runs for, so the audit trail can name who made a change and under which
 * request id without every service signature carrying them. Set once per request (app.ts, before auth);
 * the actor is read when needed, after the auth hook has resolved it. Outside a request (seed, workers,
 * scripts) there is none, and a change is the system's.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

export function runWithRequest(request: FastifyRequest, next: () => void): void {
  storage.run(request, next);
}

export interface RequestActor {
  id: string;
  username: string;
}

export function currentRequest(): { actor: RequestActor | null; requestId: string | null } {
  const request = storage.getStore();
  if (!request) return { actor: null, requestId: null };
  const actor = request.actor;
  return { actor: actor ? { id: actor.id, username: actor.username } : null, requestId: request.id };
}

/** The request itself (its child logger, IP and id), for the security event log; null outside a request. */
export function requestInScope(): FastifyRequest | null {
  return storage.getStore() ?? null;
}
