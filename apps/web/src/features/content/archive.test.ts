import { describe, expect, it } from 'vitest';
import type { NewsArticle } from './content';
import { archiveFacets, archiveHref, archivePage, readArchiveQuery } from './archive';

const article = (slug: string, date: string, tags: string[]): NewsArticle =>
  ({ slug, date, tags, title: slug, excerpt: '', cover: 'x', body: '' }) as unknown as NewsArticle;
const all = [
  article('a', '2024-03-01', ['Diamonds']),
  article('b', '2025-06-10', ['Events', 'Diamonds']),
  article('c', '2025-01-20', ['Bridal']),
  article('d', '2026-02-02', ['Events']),
  article('e', '2024-11-30', ['Savoir-faire']),
];

describe('news archive', () => {
  it('lists every article newest first, grouped by year', () => {
    const page = archivePage(all, { tag: null, year: null, page: 1 });
    expect(page.years.map((y) => [y.year, y.articles.map((a) => a.slug)])).toEqual([
      [2026, ['d']],
      [2025, ['b', 'c']],
      [2024, ['e', 'a']],
    ]);
    expect(page.total).toBe(5);
  });

  it('filters by topic and by year together', () => {
    expect(archivePage(all, { tag: 'Diamonds', year: 2025, page: 1 }).years).toEqual([{ year: 2025, articles: [all[1]] }]);
    expect(archivePage(all, { tag: 'Events', year: null, page: 1 }).total).toBe(2);
  });

  it('pages, keeping a year split across pages under its heading on both, and clamps the page', () => {
    const p2 = archivePage(all, { tag: null, year: null, page: 2 }, 2);
    expect(p2.years.map((y) => [y.year, y.articles.map((a) => a.slug)])).toEqual([
      [2025, ['c']],
      [2024, ['e']],
    ]);
    expect(p2.totalPages).toBe(3);
    expect(archivePage(all, { tag: null, year: null, page: 99 }, 2).page).toBe(3);
  });

  it('offers the years and topics that exist', () => {
    expect(archiveFacets(all)).toEqual({ years: [2026, 2025, 2024], tags: ['Bridal', 'Diamonds', 'Events', 'Savoir-faire'] });
  });

  it('reads and writes its URL, ignoring what is malformed', () => {
    expect(readArchiveQuery(new URLSearchParams('year=abc&page=-2&tag='))).toEqual({ tag: null, year: null, page: 1 });
    const q = readArchiveQuery(new URLSearchParams('year=2025&tag=Events&page=2'));
    expect(archiveHref('/all-news', q)).toBe('/all-news?year=2025&tag=Events&page=2');
    expect(archiveHref('/all-news', { tag: null, year: null, page: 1 })).toBe('/all-news');
  });
});
