/**
 * The first page load's inlined data (app/prepared.ts, entry-server.tsx, apps/api/src/lib/spa-html/):
 * the server puts the answers its route loader gathered into `<script type="application/json"
 * id="mirror-boot">`; they go into the query cache before the first render, so the page paints
 * complete at once and hydrates without asking again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { BOOT_SCRIPT_ID, type BootEntry } from '@mirror/contract/boot';

export { BOOT_SCRIPT_ID, type BootEntry };

/**
 * Reads and removes the inlined answers. null when the server did not prepare this page; an empty
 * list when it did without data (URL state, slow API).
 */
export function readBootData(doc: Document = document): BootEntry[] | null {
  const script = doc.getElementById(BOOT_SCRIPT_ID);
  if (!script) return null;
  script.remove();
  try {
    const parsed: unknown = JSON.parse(script.textContent);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is BootEntry =>
        !!entry && typeof entry === 'object' && Array.isArray((entry as BootEntry).key) && (entry as BootEntry).data !== undefined,
    );
  } catch {
    return [];
  }
}

/**
 * Writes the answers into the cache, exactly as the server did before rendering the page's HTML
 * (hydration needs the same data on both sides).
 */
export function seedQueryCache(client: QueryClient, entries: readonly BootEntry[]): number {
  for (const entry of entries) client.setQueryData(entry.key, entry.data);
  return entries.length;
}

/**
 * The answers are anonymous: someone signed in may be entitled to see more (an administrator's
 * drafts), so once the page is on screen their queries are asked again with the person's token.
 */
export function refreshForSignedIn(client: QueryClient, entries: readonly BootEntry[]): void {
  for (const entry of entries) void client.invalidateQueries({ queryKey: entry.key, exact: true });
}
