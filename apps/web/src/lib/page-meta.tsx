import { brand } from '../config/brand';

/** index.html's own title and description: a page that names neither shows these. */
export const DEFAULT_TITLE = `${brand.name} — Maison of Diamonds`;
export const DEFAULT_DESCRIPTION = 'Mirror — maison of diamonds and fine jewelry.';

/**
 * The page's `<title>` ('… — Mirror') and meta description (decision 0101). React hoists both into
 * `<head>` while the page is shown and removes them when it goes; the server writes them into the
 * served page's head (apps/web/src/entry-server.tsx), where hydration claims them. One per page:
 * without a title, index.html's defaults.
 */
export function PageMeta({ title, description }: { title?: string | undefined; description?: string | undefined }) {
  return <DocumentMeta title={title ? `${title} — ${brand.name}` : DEFAULT_TITLE} description={description} />;
}

/** A back-office screen's title: '… · Mirror back-office'. */
export function BackOfficeMeta({ title }: { title?: string | undefined }) {
  return <DocumentMeta title={title ? `${title} · ${brand.name} back-office` : `${brand.name} back-office`} />;
}

function DocumentMeta({ title, description }: { title: string; description?: string | undefined }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description ?? DEFAULT_DESCRIPTION} />
    </>
  );
}

/**
 * Before the app renders in the browser without hydrating, index.html's own title and description
 * leave the head: every screen renders its `<PageMeta>`, which React would add next to them (a second
 * title and description). A hydrated page keeps the server's, which React claims.
 */
export function dropStaticMeta(doc: Document): void {
  for (const element of doc.head.querySelectorAll('title, meta[name="description"]')) element.remove();
}
