import { useEffect } from 'react';
import { brand } from '../config/brand';

export const DEFAULT_DESCRIPTION = 'Mirror — maison of diamonds and fine jewelry.';

export interface PageMeta {
  title?: string;
  description?: string;
}

/** Set by the server renderer around one (synchronous) render: where the page's meta is written. */
let serverMeta: PageMeta | null = null;

/** Runs `render` and returns what it produced with the title and description its page declared. */
export function collectPageMeta<T>(render: () => T): { result: T; meta: PageMeta } {
  const meta: PageMeta = {};
  serverMeta = meta;
  try {
    return { result: render(), meta };
  } finally {
    serverMeta = null;
  }
}

function setDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** The page title ('… — Mirror') and meta description; restored to the defaults on leave. */
export function usePageMeta(title: string | undefined, description?: string): void {
  // On the server (no effects run), the page's meta goes into the HTML's head instead.
  if (serverMeta && title) {
    serverMeta.title = `${title} — ${brand.name}`;
    serverMeta.description = description ?? DEFAULT_DESCRIPTION;
  }
  useEffect(() => {
    if (!title) return;
    document.title = `${title} — ${brand.name}`;
    setDescription(description ?? DEFAULT_DESCRIPTION);
  }, [title, description]);
}
