import { sortArticles, type NewsArticle } from './content';

/** Each file is its article, parsed at build time (content-plugin.ts). */
const files = import.meta.glob<NewsArticle>('../../content/news/*.md', { import: 'default', eager: true });

export const articles = sortArticles(Object.values(files));

export function findArticle(slug: string) {
  return articles.find((a) => a.slug === slug) ?? null;
}
