import { describe, expect, it } from 'vitest';
import { filterFaq, parseFaq, sortArticles, type NewsArticle } from './content';
import { markdownTree } from './content-build';
import { aboutPage, supportPage } from './editorial';
import { articles, findArticle } from './news';
import { services } from './services';

describe('articles', () => {
  const at = (slug: string, date: string): NewsArticle => ({
    slug,
    title: slug,
    date,
    cover: 'C',
    coverArt: { focus: { x: 0.5, y: 0.5 }, crops: {} },
    tags: [],
    excerpt: 'E',
    body: [],
  });

  it('are sorted newest first', () => {
    expect(sortArticles([at('a', '2024-01-01'), at('b', '2025-01-01')]).map((a) => a.slug)).toEqual(['b', 'a']);
  });

  it('ship at least six real articles, parsed at build time, each found by its slug', () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const article of articles) {
      expect(findArticle(article.slug)?.title).toBe(article.title);
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.body[0]).toMatchObject({ t: 'p' });
    }
    expect(findArticle('no-such-article')).toBeNull();
  });

  it('services and editorial pages come parsed too', () => {
    expect(services.map((s) => s.order)).toEqual([...services.map((s) => s.order)].sort((a, b) => a - b));
    expect(services.find((s) => s.slug === 'engraving')?.duration).toBe('1 to 2 weeks');
    expect(aboutPage.body.some((b) => b.t === 'h' && b.level === 2)).toBe(true);
    expect(parseFaq(supportPage.body).length).toBeGreaterThan(2);
  });

  it('give every service and the about page their drawings, sized and described (issue 13 §9)', () => {
    const drawings = [...services.map((s) => s.image), ...aboutPage.figures.map((f) => f.image)];
    expect(services.map((s) => s.image.src)).toEqual([...new Set(services.map((s) => s.image.src))]);
    expect(aboutPage.figures.length).toBeGreaterThanOrEqual(2);
    for (const image of drawings) {
      expect(image.src).toMatch(/\.svg$/);
      expect(image.width / image.height).toBeGreaterThanOrEqual(1.5);
      expect(image.alt.split(' ').length).toBeGreaterThanOrEqual(8);
    }
  });
});

describe('FAQ', () => {
  const groups = parseFaq(
    markdownTree(
      '## Orders\n### Can I pay later?\nYes, in **instalments**.\n### Where are my orders?\nIn your profile.\n## Care\n### How to clean?\nWarm water and soap.\n',
    ),
  );

  it('groups questions with their answers', () => {
    expect(groups.map((g) => [g.title, g.items.length])).toEqual([
      ['Orders', 2],
      ['Care', 1],
    ]);
    expect(groups[0]!.items[0]).toEqual({
      question: 'Can I pay later?',
      answer: [{ t: 'p', c: ['Yes, in ', { t: 'strong', c: ['instalments'] }, '.'] }],
    });
  });

  it('searches every word in questions and answers, ignoring case and accents', () => {
    expect(filterFaq(groups, 'INSTALMENTS')[0]!.items.map((i) => i.question)).toEqual(['Can I pay later?']);
    expect(filterFaq(groups, 'wärm soap').map((g) => g.title)).toEqual(['Care']);
    expect(filterFaq(groups, 'nothing like this')).toEqual([]);
    expect(filterFaq(groups, '  ')).toBe(groups);
  });
});
