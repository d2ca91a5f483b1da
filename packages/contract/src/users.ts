import { z } from 'zod';
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
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;
export const UserPageSchema = pageSchema(UserSchema);

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
 * The answer to a registration whose username is free: the same whether the email was new (the account
 * is created and works at once) or already registered (nothing is created; its owner gets a note). The
 * email says which (issue 14, finding 6), never the screen.
 */
export const RegistrationReceiptSchema = z.object({
  status: z.literal('ACCEPTED'),
  email: z.string(),
});
export type RegistrationReceipt = z.infer<typeof RegistrationReceiptSchema>;

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
