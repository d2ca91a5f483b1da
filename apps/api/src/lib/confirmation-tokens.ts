import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Confirmation links carry `<id>.<verifier>` (selector/verifier): the id finds the row, the verifier —
 * 256 random bits — proves the link. Only the verifier's SHA-256 is stored, and it is compared in
 * constant time, so neither a copy of the table nor the time an answer takes gives a working link away.
 */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function newVerifier(): { verifier: string; verifierHash: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, verifierHash: hashVerifier(verifier) };
}

export function hashVerifier(verifier: string): string {
  return createHash('sha256').update(verifier).digest('hex');
}

export const confirmationToken = (id: string, verifier: string) => `${id}.${verifier}`;

/** The id and verifier of a well-formed token; null for anything else (a truncated or altered link). */
export function parseConfirmationToken(token: string): { id: string; verifier: string } | null {
  const match = TOKEN.exec(token.trim());
  return match ? { id: match[1]!, verifier: match[2]! } : null;
}

/** Constant-time comparison of a presented verifier with the stored hash. */
export function verifierMatches(verifier: string, storedHash: string): boolean {
  const presented = Buffer.from(hashVerifier(verifier), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
