// Zod-free on purpose: the web app's first-load route table imports it (`@mirror/contract/navigation`), and a value
// import from the contract's index would bring the validation library into every page's initial scripts.

/**
 * Where a sign-in may send the visitor next: a path of this site only (no open redirect: not `//host`, not `/\\host`),
 * and never back to an /auth page; anything else is `fallback`. The web app and the API's form sign-in share it.
 */
export function safeNextPath(next: unknown, fallback = '/home'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/auth')) return fallback;
  return next;
}
