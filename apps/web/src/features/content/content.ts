/**
 * Editorial content from Markdown files in src/content, read at build time by Vite's glob import:
 * each page's chunk carries only the files it renders.
 */
import { parseFrontMatter, readList, readString } from './front-matter';

export interface NewsArticle {
  slug: string;
  title: string;
  date: string;
  /** The name of the collection whose imagery illustrates the article. */
  cover: string;
  tags: string[];
  excerpt: string;
  body: string;
}

export interface Service {
  slug: string;
  title: string;
  order: number;
  summary: string;
  duration: string;
  body: string;
}

export interface EditorialPage {
  title: string;
  summary: string;
  body: string;
}

function slugOf(file: string): string {
  return file.split('/').pop()!.replace(/\.md$/, '');
}

export function toArticle(file: string, source: string): NewsArticle {
  const { data, body } = parseFrontMatter(source);
  const date = readString(data, 'date', file);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${file}: date must be YYYY-MM-DD`);
  return {
    slug: slugOf(file),
    title: readString(data, 'title', file),
    date,
    cover: readString(data, 'cover', file),
    tags: readList(data, 'tags'),
    excerpt: readString(data, 'excerpt', file),
    body,
  };
}

export function toService(file: string, source: string): Service {
  const { data, body } = parseFrontMatter(source);
  return {
    slug: readString(data, 'slug', file),
    title: readString(data, 'title', file),
    order: Number(readString(data, 'order', file)),
    summary: readString(data, 'summary', file),
    duration: readString(data, 'duration', file),
    body,
  };
}

export function toPage(file: string, source: string): EditorialPage {
  const { data, body } = parseFrontMatter(source);
  return { title: readString(data, 'title', file), summary: readString(data, 'summary', file), body };
}

/** Newest first. */
export function sortArticles(articles: NewsArticle[]): NewsArticle[] {
  return [...articles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
}

export interface FaqGroup {
  title: string;
  items: { question: string; answer: string }[];
}

/** The support file: `## Group`, then `### Question` followed by its answer. */
export function parseFaq(body: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  let current: { question: string; answer: string[] } | null = null;
  const close = () => {
    if (current && groups.length) groups[groups.length - 1]!.items.push({ question: current.question, answer: current.answer.join('\n').trim() });
    current = null;
  };
  for (const line of body.split('\n')) {
    if (line.startsWith('## ')) {
      close();
      groups.push({ title: line.slice(3).trim(), items: [] });
    } else if (line.startsWith('### ')) {
      close();
      current = { question: line.slice(4).trim(), answer: [] };
    } else if (current) current.answer.push(line);
  }
  close();
  return groups;
}

/** Case- and accent-insensitive match of every word of the query against question and answer. */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({ ...g, items: g.items.filter((item) => words.every((w) => fold(`${item.question} ${item.answer}`).includes(w))) }))
    .filter((g) => g.items.length > 0);
}
