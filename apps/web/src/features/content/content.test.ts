import { describe, expect, it } from 'vitest';
import { filterFaq, parseFaq, sortArticles, toArticle } from './content';
import { parseFrontMatter } from './front-matter';
import { articles, findArticle } from './news';

describe('parseFrontMatter', () => {
  it('reads strings, quoted strings and both list forms, and returns the body after the fence', () => {
    const { data, body } = parseFrontMatter('---\ntitle: "A: title"\ndate: 2025-01-14\ntags: [One, Two]\nauthors:\n  - Ada\n  - Grace\n---\n# Body\n');
    expect(data).toEqual({ title: 'A: title', date: '2025-01-14', tags: ['One', 'Two'], authors: ['Ada', 'Grace'] });
    expect(body).toBe('# Body\n');
  });

  it('treats a file without front matter as all body', () => {
    expect(parseFrontMatter('Just text')).toEqual({ data: {}, body: 'Just text' });
  });

  it('refuses a line it cannot read', () => {
    expect(() => parseFrontMatter('---\nnot a pair\n---\n')).toThrow(/cannot read/);
  });
});

describe('articles', () => {
  it('needs a valid date and the required fields', () => {
    expect(() => toArticle('x.md', '---\ntitle: T\ndate: 14/01/2025\ncover: C\nexcerpt: E\n---\n')).toThrow(/YYYY-MM-DD/);
    expect(() => toArticle('x.md', '---\ntitle: T\ndate: 2025-01-14\n---\n')).toThrow(/cover/);
  });

  it('are sorted newest first', () => {
    const sorted = sortArticles([toArticle('a.md', '---\ntitle: A\ndate: 2024-01-01\ncover: C\nexcerpt: E\n---\n'), toArticle('b.md', '---\ntitle: B\ndate: 2025-01-01\ncover: C\nexcerpt: E\n---\n')]);
    expect(sorted.map((a) => a.slug)).toEqual(['b', 'a']);
  });

  it('ship at least six real articles, each found by its slug', () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const article of articles) expect(findArticle(article.slug)?.title).toBe(article.title);
    expect(findArticle('no-such-article')).toBeNull();
  });
});

describe('FAQ', () => {
  const groups = parseFaq('## Orders\n### Can I pay later?\nYes, in instalments.\n### Where are my orders?\nIn your ' +
    'profile.\n## Care\n### How to clean?\nWarm water and soap.\n');

  it('groups questions with their answers', () => {
    expect(groups.map((g) => [g.title, g.items.length])).toEqual([
      ['Orders', 2],
      ['Care', 1],
    ]);
    expect(groups[0]!.items[0]).toEqual({ question: 'Can I pay later?', answer: 'Yes, in instalments.' });
  });

  it('searches every word in questions and answers, ignoring case and accents', () => {
    expect(filterFaq(groups, 'INSTALMENTS')[0]!.items.map((i) => i.question)).toEqual(['Can I pay later?']);
    expect(filterFaq(groups, 'wärm soap').map((g) => g.title)).toEqual(['Care']);
    expect(filterFaq(groups, 'nothing like this')).toEqual([]);
    expect(filterFaq(groups, '  ')).toBe(groups);
  });
});
