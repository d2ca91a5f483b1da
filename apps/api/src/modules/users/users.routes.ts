import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCreateUserBodySchema,
  ConfirmEmailBodySchema,
  EmailConfirmationSchema,
  HealthSchema,
  RegisterUserBodySchema,
  RegistrationReceiptSchema,
  ResendConfirmationBodySchema,
  ResendReceiptSchema,
  RoleSchema,
  UpdateUserBodySchema,
  UserFilteredListQuerySchema,
  UserListQuerySchema,
  UserPageSchema,
  UserRoleBodySchema,
  UserSchema,
  UserSearchQuerySchema,
  UserStatisticsSchema,
  UserStatusBodySchema,
  UserStatusSchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Authenticated, Public, requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { UsersService } from './users.service';

const tags = ['users'];
const AdminOnly = roles('ADMIN');
const SelfOrAdmin = { access: 'authenticated', ownership: 'self or ADMIN' } as const;

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; health: () => Promise<boolean> }> = async (
  app,
  { users, health },
) => {
  app.get('/api/users', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'List users (paged, sortable; optional role, status and q filters, combined)',
      querystring: UserFilteredListQuerySchema,
      response: { 200: UserPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { role, status, q, ...query } = request.query;
      return users.list({ filter: { role, status, q }, query });
    },
  });

  app.get('/api/users/me', {
    config: { policy: Authenticated },
    schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema, ...errorResponses(401) } },
    handler: async (request) => users.me(requireActor(request)),
  });

  app.get('/api/users/health', {
    config: { policy: Public },
    schema: { tags, summary: 'Users service health', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await health();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'UP' : 'DOWN', service: 'users', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });

  app.get('/api/users/statistics', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Counts by role and status', response: { 200: UserStatisticsSchema, ...errorResponses(401, 403) } },
    handler: async () => users.statistics(),
  });

  app.get('/api/users/search', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Search users by username, email or name',
      querystring: UserSearchQuerySchema,
      response: { 200: UserPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => users.list({ filter: { q: request.query.q }, query: request.query }),
  });

  app.get('/api/users/role/:role', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Users with a role',
      params: z.object({ role: RoleSchema }),
      querystring: UserListQuerySchema,
      response: { 200: UserPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => users.list({ filter: { role: request.params.role }, query: request.query }),
  });

  app.get('/api/users/status/:status', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Users with a status',
      params: z.object({ status: UserStatusSchema }),
      querystring: UserListQuerySchema,
      response: { 200: UserPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => users.list({ filter: { status: request.params.status }, query: request.query }),
  });

  app.get('/api/users/username/:username', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary: 'A user by username',
      params: z.object({ username: z.string().min(1).max(254) }),
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => users.getByUsername({ actor: requireActor(request), username: request.params.username }),
  });

  app.get('/api/users/email/:email', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary: 'A user by email',
      params: z.object({ email: z.string().min(1).max(254) }),
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => users.getByEmail({ actor: requireActor(request), email: request.params.email }),
  });

  app.get('/api/users/:id', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary: 'A user by id',
      params: UuidParamsSchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => users.getById({ actor: requireActor(request), id: request.params.id }),
  });

  app.post('/api/users', {
    config: { policy: Public, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        'Register a CUSTOMER account. 202 with the same receipt whether the email is new (a single-use link ' +
        'to confirm it is mailed; the account exists once it is opened) or already registered (nothing ' +
        'created; its owner is told by email). A taken username is 409, throttled per IP (429)',
      body: RegisterUserBodySchema,
      response: { 202: RegistrationReceiptSchema, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => reply.code(202).send(await users.register(request.body, { ip: request.ip })),
  });

  // No limit of its own beyond the global one: a link's verifier has 256 random bits, so there is nothing to guess.
  app.post('/api/users/confirm-email', {
    config: { policy: Public },
    schema: {
      tags,
      summary:
        'Open a confirmation link: a registration becomes an account (sign in afterwards), or a change of ' +
        'address takes effect. 404 CONFIRMATION_INVALID (unknown, altered or replaced link), 409 ' +
        'CONFIRMATION_USED (single use; also USERNAME_TAKEN / EMAIL_TAKEN when taken meanwhile), 410 ' +
        'CONFIRMATION_EXPIRED',
      body: ConfirmEmailBodySchema,
      response: { 200: EmailConfirmationSchema, ...errorResponses(400, 404, 409, 410) },
    },
    handler: async (request) => users.confirmEmail(request.body.token),
  });

  app.post('/api/users/confirm-email/resend', {
    config: { policy: Public, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        "Send a registration's confirmation link again. By {email}: 202 whether or not a registration waits " +
        'for the address (nothing is sent otherwise). By {token} of an expired link: a new link to the same ' +
        'address (404/409 as for confirming). At most 3 links per address per hour',
      body: ResendConfirmationBodySchema,
      response: { 202: ResendReceiptSchema, ...errorResponses(400, 404, 409, 429) },
    },
    handler: async (request, reply) => reply.code(202).send(await users.resendConfirmation(request.body)),
  });

  app.post('/api/users/admin/create', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Create a user with any role (ADMIN)',
      body: AdminCreateUserBodySchema,
      response: { 201: UserSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await users.adminCreate(request.body)),
  });

  app.put('/api/users/:id', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary:
        'Update a user (self or ADMIN; only ADMIN changes role or status, never their own: 409 SELF_CHANGE). ' +
        'Changing your own email or password needs currentPassword (throttled: 429); your own new email ' +
        'waits as pendingEmail until the link mailed to it is opened (the current address is told); an ADMIN ' +
        'changing someone else applies it at once; a password change ends every session',
      params: UuidParamsSchema,
      body: UpdateUserBodySchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => users.update({ actor: requireActor(request), id: request.params.id, patch: request.body, ip: request.ip }),
  });

  app.post('/api/users/:id/email-change/resend', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary:
        "Mail the waiting change of address's link again (self or ADMIN; the previous link stops working). " +
        '404 NO_PENDING_EMAIL_CHANGE when none waits; 429 beyond 3 links per address per hour',
      params: UuidParamsSchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request) => users.resendEmailChange({ actor: requireActor(request), id: request.params.id }),
  });

  app.delete('/api/users/:id/email-change', {
    config: { policy: SelfOrAdmin },
    schema: {
      tags,
      summary: 'Withdraw the waiting change of address (self or ADMIN): its link stops working, the address stays as it is',
      params: UuidParamsSchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => users.cancelEmailChange({ actor: requireActor(request), id: request.params.id }),
  });

  app.delete('/api/users/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Soft-delete a user (ADMIN; not yourself: 409 SELF_CHANGE; never the last active admin: 409 LAST_ADMIN)',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await users.remove({ actor: requireActor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/users/:id/status', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        "Change a user's status (ends their sessions; not your own: 409 SELF_CHANGE; never the last active " + 'admin: 409 LAST_ADMIN)',
      params: UuidParamsSchema,
      body: UserStatusBodySchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => users.setStatus({ actor: requireActor(request), id: request.params.id, status: request.body.status }),
  });

  app.patch('/api/users/:id/role', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        "Change a user's role (ends their sessions; not your own: 409 SELF_CHANGE; never the last active " + 'admin: 409 LAST_ADMIN)',
      params: UuidParamsSchema,
      body: UserRoleBodySchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => users.setRole({ actor: requireActor(request), id: request.params.id, role: request.body.role }),
  });
};
