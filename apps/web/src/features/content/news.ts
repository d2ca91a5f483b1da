import { sortArticles, toArticle } from './content';

const files = import.meta.glob<string>('../../content/news/*.md', { query: '?raw', import: 'default', eager: true });

export const articles = sortArticles(Object.entries(files).map(([file, source]) => toArticle(file, source)));

export function findArticle(slug: string) {
  return articles.find((a) => a.slug === slug) ?? null;
}
