import { z } from 'zod';

export const AuthenticateBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>;

export const TokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Access token lifetime in seconds'),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshTokenBodySchema = z.object({
  refreshToken: z.string().min(1, 'Refresh token is required').max(512),
});
export type RefreshTokenBody = z.infer<typeof RefreshTokenBodySchema>;

export const LogoutBodySchema = RefreshTokenBodySchema;
export type LogoutBody = z.infer<typeof LogoutBodySchema>;

/** Claims carried by an access token. */
export const AccessClaimsSchema = z.object({
  sub: z.string(),
  userId: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  typ: z.literal('access'),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

export { safeNextPath } from './navigation';
