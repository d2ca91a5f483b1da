import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@mirror/contract';
import { AppError } from '../lib/errors';
import type { AuthStateCache } from '../lib/auth-state-cache';
import type { TokenService } from '../lib/tokens';
import type { UsersRepo } from '../modules/users/users.repo';
import { securityEvent } from '../modules/auth/security-events';

/**
 * Every route declares who may call it, next to its schema. Ownership rules that depend on the
 * record (self-or-admin, vendor's own products…) are declared here for the reader and enforced in
 * the service, which sees the record.
 */
export type Policy =
  { access: 'public' } | { access: 'authenticated'; ownership?: string } | { access: 'roles'; roles: readonly Role[]; ownership?: string };

export const Public: Policy = { access: 'public' };
export const Authenticated: Policy = { access: 'authenticated' };
export const roles = (...list: Role[]): Policy => ({ access: 'roles', roles: list });

export interface Actor {
  id: string;
  username: string;
  role: Role;
  /** The vendor this account acts for (read with the token check), or null. */
  vendorId: string | null;
  /** The designer profile of this account, or null. */
  designerId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type AuthState = NonNullable<Awaited<ReturnType<UsersRepo['findAuthState']>>>;

export interface AuthPluginOptions {
  tokens: TokenService;
  users: UsersRepo;
  /** Recently read sign-in states (decisions §110); without it every request reads the account's row. */
  authStates?: AuthStateCache<AuthState>;
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return request.actor;
}

/** The vendor a VENDOR account acts for; 403 VENDOR_NOT_LINKED while none is linked to it. */
export function linkedVendorId(actor: Actor): string {
  if (!actor.vendorId) throw new AppError('VENDOR_NOT_LINKED', 'Your account is not linked to a vendor yet. Please contact Mirror.');
  return actor.vendorId;
}

export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, { tokens, users, authStates }) => {
  const load = (id: string) => users.findAuthState(id);
  const readState = authStates ? (id: string) => authStates.read(id, load) : load;
  app.decorateRequest('actor', null);

  // Fail at start-up, not in production traffic, when an API route forgets its policy.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (!route.config?.policy) throw new Error(`Route ${String(route.method)} ${url} has no access policy`);
  });

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy) return; // not-found handler, docs and static files

    request.actor = await resolveActor(request, policy.access === 'public');

    const claimedId = request.headers['x-user-id'];
    if (request.actor && typeof claimedId === 'string' && claimedId !== '' && claimedId !== request.actor.id) {
      throw new AppError('USER_ID_MISMATCH', 'The X-User-Id header does not match the signed-in user.');
    }

    if (policy.access === 'public') return;
    if (!request.actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (policy.access === 'roles' && !policy.roles.includes(request.actor.role)) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    }
  });

  // Every refusal (403, from a policy here or a service's ownership rule) is a security event.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && error.status === 403) {
      securityEvent('access.denied', {
        userId: request.actor?.id ?? null,
        detail: {
          code: error.code,
          role: request.actor?.role ?? 'anonymous',
          method: request.method,
          route: request.routeOptions.url ?? request.url,
        },
      });
    }
  });

  async function resolveActor(request: FastifyRequest, isPublic: boolean): Promise<Actor | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    const reject = () => {
      // On public routes a stale token is ignored: the caller is simply anonymous.
      if (isPublic) return null;
      throw new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    };
    if (scheme?.toLowerCase() !== 'bearer' || !token) return reject();
    const claims = await tokens.verifyAccess(token);
    if (!claims) return reject();
    // One primary-key read (or its copy of the last seconds, forgotten on every change: decisions §110) keeps
    // disabled users, role changes and password changes effective at once.
    const user = await readState(claims.userId);
    if (!user || user.status !== 'ACTIVE' || user.deletedAt || user.tokenVersion !== claims.tokenVersion) return reject();
    return { id: user.id, username: user.username, role: user.role, vendorId: user.vendorId, designerId: user.designerId };
  }
});
