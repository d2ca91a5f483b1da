import type { NewsArticle } from './content';

export const ARCHIVE_PAGE_SIZE = 12;

export interface ArchiveQuery {
  tag: string | null;
  year: number | null;
  /** 1-based. */
  page: number;
}

export interface ArchiveYear {
  year: number;
  articles: NewsArticle[];
}

export interface ArchivePage {
  /** The page's articles, newest first, grouped by year. */
  years: ArchiveYear[];
  total: number;
  page: number;
  totalPages: number;
}

/** Every article matching the topic and year, newest first, one page of them grouped by year. */
export function archivePage(articles: readonly NewsArticle[], { tag, year, page }: ArchiveQuery, size = ARCHIVE_PAGE_SIZE): ArchivePage {
  const matching = articles
    .filter((a) => (tag ? a.tags.includes(tag) : true) && (year ? yearOf(a) === year : true))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const totalPages = Math.max(1, Math.ceil(matching.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  const years: ArchiveYear[] = [];
  for (const article of matching.slice((current - 1) * size, current * size)) {
    const y = yearOf(article);
    const last = years[years.length - 1];
    if (last && last.year === y) last.articles.push(article);
    else years.push({ year: y, articles: [article] });
  }
  return { years, total: matching.length, page: current, totalPages };
}

export function yearOf(article: NewsArticle): number {
  return Number(article.date.slice(0, 4));
}

/** The years and topics that have articles, for the filters (years newest first). */
export function archiveFacets(articles: readonly NewsArticle[]): { years: number[]; tags: string[] } {
  return {
    years: [...new Set(articles.map(yearOf))].sort((a, b) => b - a),
    tags: [...new Set(articles.flatMap((a) => a.tags))].sort(),
  };
}

/** Reads the archive's URL: unknown or malformed values fall back to "all" and page 1. */
export function readArchiveQuery(params: URLSearchParams): ArchiveQuery {
  const year = Number(params.get('year'));
  const page = Number(params.get('page'));
  return {
    tag: params.get('tag') || null,
    year: Number.isInteger(year) && year > 1900 ? year : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The archive's URL for a query (page 1 and "all" stay out of it). */
export function archiveHref(base: string, query: ArchiveQuery): string {
  const search = new URLSearchParams();
  if (query.year) search.set('year', String(query.year));
  if (query.tag) search.set('tag', query.tag);
  if (query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}
