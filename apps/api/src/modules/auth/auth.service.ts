import { randomUUID } from 'node:crypto';
import type { AuthenticateBody, TokenPair } from '@mirror/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS, hashRefreshToken, newRefreshToken, type TokenService } from '../../lib/tokens';
import type { UserRow } from '../../db/schema/index';
import { createUsersRepo } from '../users/users.repo';
import { createAuthRepo } from './auth.repo';
import { securityEvent } from './security-events';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid username or password.');
const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');

export function createAuthService({ db, tokens }: { db: Db; tokens: TokenService }) {
  const authRepo = createAuthRepo(db);
  const usersRepo = createUsersRepo(db);

  async function issue(
    user: Pick<UserRow, 'id' | 'username' | 'role' | 'tokenVersion'>,
    family: { id: string; expiresAt: Date },
    repo = authRepo,
  ): Promise<TokenPair> {
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken({
      userId: user.id,
      familyId: family.id,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: family.expiresAt,
    });
    const accessToken = await tokens.signAccess({
      userId: user.id,
      username: user.username,
      role: user.role,
      tokenVersion: user.tokenVersion,
    });
    return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  return {
    async authenticate({ body, ip }: { body: AuthenticateBody; ip: string }): Promise<TokenPair> {
      const usernameKey = body.username.trim().toLowerCase();
      const now = Date.now();
      const failures = await authRepo.recentFailures(usernameKey, ip, new Date(now - LOGIN_WINDOW_MS));
      if (failures.length >= LOGIN_MAX_FAILURES) {
        const oldestCounted = failures[failures.length - LOGIN_MAX_FAILURES]!.createdAt.getTime();
        const retryAfter = Math.max(1, Math.ceil((oldestCounted + LOGIN_WINDOW_MS - now) / 1000));
        securityEvent('auth.login.throttled', {
          userId: (await usersRepo.findByUsername(usernameKey))?.id ?? null,
          detail: { retryAfter },
        });
        throw new AppError('LOGIN_THROTTLED', 'Too many failed sign-in attempts. Please try again later.', undefined, {
          'retry-after': String(retryAfter),
        });
      }

      const user = await usersRepo.findByUsername(usernameKey);
      const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
      if (!user || !ok) {
        await authRepo.recordFailure(usernameKey, ip);
        // The user id when the account exists; never the typed username (people type passwords there).
        securityEvent('auth.login.failed', { userId: user?.id ?? null, detail: { reason: user ? 'password' : 'unknown-user' } });
        throw invalidCredentials();
      }
      await authRepo.clearFailures(usernameKey, ip);
      if (user.status !== 'ACTIVE') {
        // Only said once the password is proven, so it reveals nothing to a guesser.
        securityEvent('auth.login.inactive', { userId: user.id, detail: { status: user.status } });
        throw new AppError('UNAUTHORIZED', 'This account is not active. Please contact support.');
      }
      await usersRepo.touchLastLogin(user.id);
      const familyId = randomUUID();
      const pair = await issue(user, { id: familyId, expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS) });
      securityEvent('auth.login.succeeded', { userId: user.id, detail: { role: user.role, familyId } });
      return pair;
    },

    async refresh({ refreshToken }: { refreshToken: string }): Promise<TokenPair> {
      const stored = await authRepo.findRefreshToken(hashRefreshToken(refreshToken));
      if (!stored) throw invalidRefresh();
      if (stored.usedAt || stored.revokedAt) {
        // A spent token came back: someone holds a copy. End the whole login.
        securityEvent('auth.refresh.replayed', { userId: stored.userId, detail: { familyId: stored.familyId } });
        await authRepo.revokeFamily(stored.familyId);
        securityEvent('auth.family.revoked', { userId: stored.userId, detail: { familyId: stored.familyId, reason: 'replay' } });
        throw invalidRefresh();
      }
      if (stored.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
      const user = await usersRepo.findById(stored.userId);
      if (!user || user.status !== 'ACTIVE') {
        await authRepo.revokeFamily(stored.familyId);
        securityEvent('auth.family.revoked', { userId: stored.userId, detail: { familyId: stored.familyId, reason: 'account-inactive' } });
        throw invalidRefresh();
      }
      const pair = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        if (!(await txRepo.consumeRefreshToken(stored.id))) return null;
        return issue(user, { id: stored.familyId, expiresAt: stored.expiresAt }, txRepo);
      });
      if (!pair) {
        // Lost a race with another use of the same token: treat it as the replay it is.
        securityEvent('auth.refresh.replayed', { userId: stored.userId, detail: { familyId: stored.familyId, race: true } });
        await authRepo.revokeFamily(stored.familyId);
        securityEvent('auth.family.revoked', { userId: stored.userId, detail: { familyId: stored.familyId, reason: 'replay' } });
        throw invalidRefresh();
      }
      return pair;
    },

    async logout({ refreshToken }: { refreshToken: string }): Promise<void> {
      const stored = await authRepo.findRefreshToken(hashRefreshToken(refreshToken));
      if (!stored) return;
      await authRepo.revokeFamily(stored.familyId);
      securityEvent('auth.logout', { userId: stored.userId, detail: { familyId: stored.familyId } });
    },

    /** Periodic clean-up of rows that no longer matter. */
    async prune(): Promise<void> {
      const now = new Date();
      await authRepo.deleteExpiredRefreshTokens(now);
      await authRepo.pruneFailures(new Date(now.getTime() - LOGIN_WINDOW_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
