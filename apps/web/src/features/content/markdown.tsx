/**
 * Our content files' Markdown, rendered to React elements — never to an HTML string, so nothing in a
 * file can inject markup. The files are parsed at build time (content-build.ts): the page ships only
 * their compact trees (markdown-tree.ts) and this renderer.
 */
import { Fragment, type ReactNode } from 'react';
import { PageLink } from '../../components/layout/page-link';
import type { MarkdownTree, MdBlock, MdInline } from './markdown-tree';

function inline(nodes: readonly MdInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    switch (node.t) {
      case 'strong':
        return <strong key={i}>{inline(node.c)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.c)}</em>;
      case 'code':
        return <code key={i}>{node.v}</code>;
      case 'br':
        return <br key={i} />;
      case 'a':
        return node.href.startsWith('/') ? (
          <PageLink key={i} to={node.href}>
            {inline(node.c)}
          </PageLink>
        ) : (
          <a key={i} href={node.href} rel="noopener noreferrer">
            {inline(node.c)}
          </a>
        );
    }
  });
}

function block(node: MdBlock, i: number, tight = false): ReactNode {
  switch (node.t) {
    case 'h': {
      const Tag = `h${node.level}` as const;
      return <Tag key={i}>{inline(node.c)}</Tag>;
    }
    case 'p':
      // A tight list's items are their words, without a paragraph (as CommonMark renders them).
      return tight ? <Fragment key={i}>{inline(node.c)}</Fragment> : <p key={i}>{inline(node.c)}</p>;
    case 'quote':
      return <blockquote key={i}>{node.c.map((b, j) => block(b, j))}</blockquote>;
    case 'hr':
      return <hr key={i} />;
    case 'ul':
    case 'ol': {
      const Tag = node.t;
      return (
        <Tag key={i} start={node.start}>
          {node.items.map((item, j) => (
            <li key={j}>{item.map((b, k) => block(b, k, !node.loose))}</li>
          ))}
        </Tag>
      );
    }
  }
}

export function Markdown({ tree, className }: { tree: MarkdownTree; className?: string }) {
  return <div className={className}>{tree.map((b, i) => block(b, i))}</div>;
}
