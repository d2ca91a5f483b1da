/**
 * Editorial content from the Markdown files of src/content, turned into data at build time
 * (content-plugin.ts: YAML front matter checked by zod, the body parsed into a compact tree) and
 * read by Vite's glob import: each page's chunk carries only the files it renders.
 */
import type { ArtDirection } from './art-direction';
import { blockText, inlineText, type MarkdownTree, type MdBlock } from './markdown-tree';

/** A drawing of src/content/images: its URL (a hashed asset), its size in CSS pixels and what it shows. */
export interface ContentImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** A drawing set between an editorial page's sections: before the heading it names, or after the body. */
export interface PageFigure {
  image: ContentImage;
  /** The index of the body block it stands before (the body's length: after it), found at build time. */
  at: number;
  caption?: string;
  /** Across the page's full width rather than the text column. */
  isWide?: boolean;
}

export interface NewsArticle {
  slug: string;
  title: string;
  date: string;
  /** The name of the collection whose imagery illustrates the article. */
  cover: string;
  /** How each slot cuts the cover (decisions §109). */
  coverArt: ArtDirection;
  tags: string[];
  excerpt: string;
  body: MarkdownTree;
}

export interface Service {
  slug: string;
  title: string;
  order: number;
  summary: string;
  duration: string;
  image: ContentImage;
  body: MarkdownTree;
}

export interface EditorialPage {
  title: string;
  summary: string;
  figures: PageFigure[];
  body: MarkdownTree;
}

/** Newest first. */
export function sortArticles(articles: NewsArticle[]): NewsArticle[] {
  return [...articles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
}

export interface FaqGroup {
  title: string;
  items: { question: string; answer: MarkdownTree }[];
}

/** The support file: `## Group`, then `### Question` followed by its answer. */
export function parseFaq(body: MarkdownTree): FaqGroup[] {
  const groups: FaqGroup[] = [];
  let current: { question: string; answer: MdBlock[] } | null = null;
  const close = () => {
    if (current && groups.length) groups[groups.length - 1]!.items.push(current);
    current = null;
  };
  for (const block of body) {
    if (block.t === 'h' && block.level === 2) {
      close();
      groups.push({ title: inlineText(block.c), items: [] });
    } else if (block.t === 'h' && block.level === 3) {
      close();
      current = { question: inlineText(block.c), answer: [] };
    } else if (current) current.answer.push(block);
  }
  close();
  return groups;
}

/** Case- and accent-insensitive match of every word of the query against question and answer. */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((item) => words.every((w) => fold(`${item.question} ${blockText(item.answer)}`).includes(w))),
    }))
    .filter((g) => g.items.length > 0);
}
