/**
 * Client configuration, read once. Both base URLs default to the same origin (empty prefix);
 * the token refresh goes to the separate auth host when one is configured (SPEC §7).
 */
function trimSlash(value: string | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '');
}

const apiBaseUrl = trimSlash(import.meta.env.VITE_API_BASE_URL);

export const env = {
  apiBaseUrl,
  authBaseUrl: trimSlash(import.meta.env.VITE_AUTH_BASE_URL) || apiBaseUrl,
} as const;
