/**
 * The compact Markdown tree our content files become at build time (content-build.ts) and the
 * browser renders (markdown.tsx): only the elements the content uses, nothing that can carry markup.
 * Link targets are checked when the tree is built: an `a` is always a site path, https, mailto or tel.
 */
export type MdInline =
  /** Text (soft line breaks already spaces; raw HTML in a file is kept as text). */
  string | { t: 'strong' | 'em'; c: MdInline[] } | { t: 'code'; v: string } | { t: 'a'; href: string; c: MdInline[] } | { t: 'br' };

export type MdBlock =
  /** The document's top heading level is 2: the page's h1 is its title. */
  | { t: 'h'; level: 2 | 3 | 4; c: MdInline[] }
  | { t: 'p'; c: MdInline[] }
  /** `loose`: the items' paragraphs keep their `<p>` (a blank line between items), as CommonMark renders them. */
  | { t: 'ul' | 'ol'; start?: number; loose?: true; items: MdBlock[][] }
  | { t: 'quote'; c: MdBlock[] }
  | { t: 'hr' };

export type MarkdownTree = MdBlock[];

/** The words a reader sees, for search: inline content as one line. */
export function inlineText(nodes: readonly MdInline[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : n.t === 'code' ? n.v : n.t === 'br' ? ' ' : inlineText(n.c))).join('');
}

/** The words a reader sees, for search: one line per block. */
export function blockText(blocks: readonly MdBlock[]): string {
  return blocks
    .map((b) => {
      switch (b.t) {
        case 'hr':
          return '';
        case 'ul':
        case 'ol':
          return b.items.map(blockText).join('\n');
        case 'quote':
          return blockText(b.c);
        default:
          return inlineText(b.c);
      }
    })
    .join('\n');
}
