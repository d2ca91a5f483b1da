/**
 * Markdown for our own content files, rendered to React elements — never to an HTML string, so
 * nothing in a file can inject markup. Supports headings, paragraphs, lists, quotes, rules,
 * **strong**, *emphasis*, `code` and [links](…) (internal paths, https and mailto only).
 */
import { Fragment, type ReactNode } from 'react';
import { PageLink } from '../../components/layout/page-link';

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; text: string }
  | { type: 'rule' };

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  // The page's h1 is its title: the document's own top heading level becomes h2, whether the file
  // writes it `#` or `##`, so no level is skipped under the title (axe: heading-order).
  const depths = lines.map((line) => /^(#{1,4})\s+/.exec(line.trimEnd())?.[1]!.length ?? 5);
  const top = Math.min(...depths);
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', ...list });
    if (quote.length) blocks.push({ type: 'quote', text: quote.join(' ') });
    paragraph = [];
    list = null;
    quote = [];
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(4, heading[1]!.length - top + 2) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, text: heading[2]!.trim() });
      continue;
    }
    if (/^(-{3,}|\*{3,})$/.test(line.trim())) {
      flush();
      blocks.push({ type: 'rule' });
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || quote.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!.trim());
      continue;
    }
    const quoted = /^>\s?(.*)$/.exec(line);
    if (quoted) {
      if (paragraph.length || list) flush();
      quote.push(quoted[1]!.trim());
      continue;
    }
    if (list && /^\s{2,}\S/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list || quote.length) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Only safe link targets survive: site paths, https and mailto. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (h.startsWith('/') && !h.startsWith('//')) return h;
  if (/^https:\/\//i.test(h) || /^mailto:/i.test(h) || /^tel:/i.test(h)) return h;
  return null;
}

const INLINE = /(\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const [, , strong, em, em2, code, label, href] = match;
    if (strong !== undefined) out.push(<strong key={key++}>{renderInline(strong)}</strong>);
    else if (em !== undefined || em2 !== undefined) out.push(<em key={key++}>{renderInline((em ?? em2)!)}</em>);
    else if (code !== undefined) out.push(<code key={key++}>{code}</code>);
    else if (label !== undefined && href !== undefined) {
      const target = safeHref(href);
      if (!target) out.push(label);
      else if (target.startsWith('/'))
        out.push(
          <PageLink key={key++} to={target}>
            {renderInline(label)}
          </PageLink>,
        );
      else
        out.push(
          <a key={key++} href={target} rel="noopener noreferrer">
            {renderInline(label)}
          </a>,
        );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className}>
      {parseBlocks(source).map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const Tag = `h${block.level}` as const;
            return <Tag key={i}>{renderInline(block.text)}</Tag>;
          }
          case 'paragraph':
            return <p key={i}>{renderInline(block.text)}</p>;
          case 'quote':
            return (
              <blockquote key={i}>
                <p>{renderInline(block.text)}</p>
              </blockquote>
            );
          case 'rule':
            return <hr key={i} />;
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </Tag>
            );
          }
          default:
            return <Fragment key={i} />;
        }
      })}
    </div>
  );
}
