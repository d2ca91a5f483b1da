/**
 * The profile and password forms' rules, from the contract. Loaded on a form's first focus
 * (components/form/lazy-resolver.ts): zod and the contract's schemas stay out of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema, UpdateUserBodySchema } from '@mirror/contract';
import { z } from 'zod';

export const ProfileFormSchema = UpdateUserBodySchema.pick({ email: true, firstName: true, lastName: true, phone: true })
  .required({ email: true })
  .extend({ currentPassword: z.string().optional() });
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

export const PasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password'), password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: 'The two passwords differ' });
export type PasswordFormValues = z.infer<typeof PasswordFormSchema>;

export const profileResolver = zodResolver(ProfileFormSchema);
export const passwordResolver = zodResolver(PasswordFormSchema);
