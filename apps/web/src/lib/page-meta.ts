import { useEffect } from 'react';
import { brand } from '../config/brand';

const DEFAULT_DESCRIPTION = 'Mirror — maison of diamonds and fine jewelry.';

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
  useEffect(() => {
    if (!title) return;
    document.title = `${title} — ${brand.name}`;
    setDescription(description ?? DEFAULT_DESCRIPTION);
  }, [title, description]);
}
