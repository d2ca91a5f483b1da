import { createHash, randomBytes, webcrypto } from 'node:crypto';
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

/** How many verified access tokens are remembered (the oldest go first). */
const VERIFIED_MAX = 10_000;

export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Access tokens already verified, until their expiry: verifying is a pure function of the token, the key
   * and the clock, and a signed-in page sends the same token many times (decisions §110). Only valid
   * tokens are kept; revocation is the user-state check's job, not the signature's.
   */
  private readonly verified = new Map<string, { access: VerifiedAccess; expiresAtMs: number }>();
  constructor(secret: string) {
    // Imported once as a WebCrypto key: jose would otherwise import the raw secret on every verification.
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async signAccess(subject: AccessTokenSubject, now = Date.now()): Promise<string> {
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
      .sign(await this.key);
  }

  /** Returns null for anything that is not a valid, unexpired access token signed by us. */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.access;
      this.verified.delete(token);
    }
    const access = await this.verify(token);
    if (access) {
      if (this.verified.size >= VERIFIED_MAX) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, { access, expiresAtMs: access.expiresAt * 1000 });
    }
    return access;
  }

  private async verify(token: string): Promise<(VerifiedAccess & { expiresAt: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.typ !== 'access') return null;
      if (typeof payload.sub !== 'string' || payload.userId !== payload.sub) return null;
      if (typeof payload.username !== 'string' || !Array.isArray(payload.roles)) return null;
      if (typeof payload.ver !== 'number') return null;
      if (typeof payload.exp !== 'number') return null;
      return {
        userId: payload.sub,
        username: payload.username,
        roles: payload.roles as string[],
        tokenVersion: payload.ver,
        expiresAt: payload.exp,
      };
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
