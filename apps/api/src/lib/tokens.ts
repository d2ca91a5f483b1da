import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@mirror/contract';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'mirror';
const AUDIENCE = 'mirror-api';
const ALGORITHMS = ['HS256'];

export interface AccessTokenSubject {
  userId: string;
  username: string;
  role: Role;
  tokenVersion: number;
}

export interface VerifiedAccess {
  userId: string;
  username: string;
  roles: string[];
  tokenVersion: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(subject: AccessTokenSubject, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({
      userId: subject.userId,
      username: subject.username,
      roles: [subject.role],
      typ: 'access',
      ver: subject.tokenVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** Returns null for anything that is not a valid, unexpired access token signed by us. */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.typ !== 'access') return null;
      if (typeof payload.sub !== 'string' || payload.userId !== payload.sub) return null;
      if (typeof payload.username !== 'string' || !Array.isArray(payload.roles)) return null;
      if (typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, username: payload.username, roles: payload.roles as string[], tokenVersion: payload.ver };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are 256-bit random values, so a fast hash is enough to make a stolen table useless. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
