import { z } from 'zod';
import { CONFIRM_EMAIL_PATH, CONFIRMATION_TTL_HOURS } from './constants';
import { pageSchema, PageQuerySchema, sortParam } from './common';

export const ROLES = ['CUSTOMER', 'ADMIN', 'VENDOR', 'DESIGNER'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'PENDING'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain letters, digits, dot, dash and underscore only');

export const EmailSchema = z.string().trim().max(254, 'Email is too long').pipe(z.email('Enter a valid email address'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const NameSchema = z.string().trim().max(100, 'At most 100 characters');
const PhoneSchema = z
  .string()
  .trim()
  .max(32, 'At most 32 characters')
  .regex(/^[+0-9 ().-]*$/, 'Enter a valid phone number');

/**
 * A change of address waiting for its link (issue 14): the account keeps `email` until the link sent to
 * `email` here is opened, before `expiresAt`.
 */
export const PendingEmailSchema = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PendingEmail = z.infer<typeof PendingEmailSchema>;

export const UserSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: RoleSchema,
  roles: z.array(RoleSchema),
  status: UserStatusSchema,
  /** A requested change of address not confirmed yet; `email` stays the account's address meanwhile. */
  pendingEmail: PendingEmailSchema.nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;
export const UserPageSchema = pageSchema(UserSchema);
export type UserPage = z.infer<typeof UserPageSchema>;

/** Public self-registration (the /auth/register form). */
export const RegisterUserBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
  phone: PhoneSchema.optional(),
});
export type RegisterUserBody = z.infer<typeof RegisterUserBodySchema>;

/**
 * The answer to a registration whose username is free: the same whether the email was new (a link to
 * confirm it is mailed; the account exists once the link is opened) or already registered (nothing is
 * created; its owner gets a note). The email says which (issue 14, finding 6), never the screen.
 */
export const RegistrationReceiptSchema = z.object({
  status: z.literal('ACCEPTED'),
  email: z.string(),
});
export type RegistrationReceipt = z.infer<typeof RegistrationReceiptSchema>;

export { CONFIRM_EMAIL_PATH, CONFIRMATION_TTL_HOURS };

export const CONFIRMATION_PURPOSES = ['REGISTRATION', 'EMAIL_CHANGE'] as const;
export const ConfirmationPurposeSchema = z.enum(CONFIRMATION_PURPOSES);
export type ConfirmationPurpose = z.infer<typeof ConfirmationPurposeSchema>;

/** The token of a confirmation link, as it arrives (its shape is checked by the server: a wrong one is "not valid", 404). */
export const ConfirmationTokenSchema = z.string().trim().min(1, 'The link has no token').max(200, 'The link is not valid');

export const ConfirmEmailBodySchema = z.object({ token: ConfirmationTokenSchema });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

/** What a used link confirmed: a new account (sign in as `username`) or an account's new address. */
export const EmailConfirmationSchema = z.object({
  purpose: ConfirmationPurposeSchema,
  email: z.string(),
  username: z.string(),
});
export type EmailConfirmation = z.infer<typeof EmailConfirmationSchema>;

/**
 * "Send the link again": by the address typed at registration (answered alike whether anything waits for
 * it or not), or by the token of a link that expired.
 */
export const ResendConfirmationBodySchema = z.union([
  z.object({ email: EmailSchema }).strict(),
  z.object({ token: ConfirmationTokenSchema }).strict(),
]);
export type ResendConfirmationBody = z.infer<typeof ResendConfirmationBodySchema>;

export const ResendReceiptSchema = z.object({ status: z.literal('ACCEPTED') });
export type ResendReceipt = z.infer<typeof ResendReceiptSchema>;

export const AdminCreateUserBodySchema = RegisterUserBodySchema.extend({
  role: RoleSchema.default('CUSTOMER'),
  status: UserStatusSchema.default('ACTIVE'),
});
export type AdminCreateUserBody = z.input<typeof AdminCreateUserBodySchema>;

export const UpdateUserBodySchema = z
  .object({
    email: EmailSchema.optional(),
    firstName: NameSchema.nullable().optional(),
    lastName: NameSchema.nullable().optional(),
    phone: PhoneSchema.nullable().optional(),
    password: PasswordSchema.optional(),
    /** Required when a user changes their own password. */
    currentPassword: z.string().max(1024).optional(),
    role: RoleSchema.optional(),
    status: UserStatusSchema.optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserStatusBodySchema = z.object({ status: UserStatusSchema });
export const UserRoleBodySchema = z.object({ role: RoleSchema });

export const USER_SORT_FIELDS = ['username', 'email', 'createdAt', 'role', 'status', 'lastLoginAt'] as const;
export const UserListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(USER_SORT_FIELDS, 'createdAt,desc'),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** GET /api/users: the list with optional filters (each narrows; combined with AND). */
export const UserFilteredListQuerySchema = UserListQuerySchema.extend({
  role: RoleSchema.optional(),
  status: UserStatusSchema.optional(),
  q: z.string().trim().min(1, 'Enter something to search for').max(100).optional(),
});

export const UserSearchQuerySchema = UserListQuerySchema.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});

export const UserStatisticsSchema = z.object({
  total: z.number().int(),
  byRole: z.record(RoleSchema, z.number().int()),
  byStatus: z.record(UserStatusSchema, z.number().int()),
  newLast30Days: z.number().int(),
});
export type UserStatistics = z.infer<typeof UserStatisticsSchema>;
