import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@mirror/contract';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
}

export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Burn the same time as a real verification so unknown usernames are not revealed by timing. */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hashPassword('mirror-timing-equaliser-password');
  await verifyPassword(await dummyHash, plain);
  return false;
}

let common: Set<string> | undefined;
/** The bundled list of common passwords (zxcvbn's), only the entries long enough to pass the length rule. */
export function isCommonPassword(plain: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()));
  return common.has(plain.toLowerCase());
}
