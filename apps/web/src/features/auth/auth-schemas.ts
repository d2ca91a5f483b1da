/**
 * The sign-in, registration and new-link rules, from the contract. Loaded on a form's first focus
 * (components/form/lazy-resolver.ts): zod and the contract's schemas stay out of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthenticateBodySchema, EmailSchema, RegisterUserBodySchema } from '@mirror/contract';
import { z } from 'zod';

export const signInResolver = zodResolver(AuthenticateBodySchema);
export const registerResolver = zodResolver(RegisterUserBodySchema);
export const resendResolver = zodResolver(z.object({ email: EmailSchema }));
