/**
 * The sign-in and registration rules, from the contract. Loaded on a form's first focus
 * (components/form/lazy-resolver.ts): zod and the contract's schemas stay out of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthenticateBodySchema, RegisterUserBodySchema } from '@mirror/contract';

export const signInResolver = zodResolver(AuthenticateBodySchema);
export const registerResolver = zodResolver(RegisterUserBodySchema);
