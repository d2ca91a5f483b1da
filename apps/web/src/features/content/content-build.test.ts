import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileArticle, compileContentFile, compilePage, compileService, kindOf, markdownTree, safeHref } from './content-build';

const article = (front: string, body = '') => `---\n${front}\n---\n${body}`;
const valid = 'title: T\ndate: 2025-01-14\ncover: C\nexcerpt: E';
/** Where a real content file sits: its drawings are those of src/content/images. */
const serviceAt = fileURLToPath(new URL('../../content/services/s.md', import.meta.url));
const pageAt = fileURLToPath(new URL('../../content/about/p.md', import.meta.url));
const drawing = 'image:\n  file: engraving.svg\n  alt: A graver at work';

describe('front matter', () => {
  it('reads strings, quoted strings and both list forms, and parses the body after the fence', () => {
    const inline = compileArticle(
      'news/a.md',
      article('title: "A: title"\ndate: 2025-01-14\ncover: C\nexcerpt: E\ntags: [One, Two]', '# Body\n'),
    );
    expect(inline).toEqual({
      slug: 'a',
      title: 'A: title',
      date: '2025-01-14',
      cover: 'C',
      coverArt: { focus: { x: 0.5, y: 0.5 }, crops: {} },
      excerpt: 'E',
      tags: ['One', 'Two'],
      body: [{ t: 'h', level: 2, c: ['Body'] }],
    });
    expect(compileArticle('news/b.md', article(`${valid}\ntags:\n  - Ada\n  - Grace`)).tags).toEqual(['Ada', 'Grace']);
    expect(compileArticle('news/c.md', article(`${valid}\ntags: Solo`)).tags).toEqual(['Solo']);
    expect(compileArticle('news/d.md', article(valid)).tags).toEqual([]);
    expect(
      compileService(
        'services/s.md',
        article(`slug: engraving\ntitle: Engraving\norder: 4\nsummary: 'S'\nduration: 1 to 2 weeks\n${drawing}`),
        serviceAt,
      ),
    ).toMatchObject({ slug: 'engraving', order: 4, duration: '1 to 2 weeks', summary: 'S' });
  });

  it('treats a file without front matter as all body (and then wants its fields)', () => {
    expect(() => compilePage('about/x.md', 'Just text')).toThrow('about/x.md: front matter "title" is required; "summary" is required');
  });

  it('refuses front matter that is not key: value YAML', () => {
    expect(() => compilePage('about/x.md', article('not a pair'))).toThrow('about/x.md: front matter must be "key: value" lines');
    expect(() => compilePage('about/x.md', article('title: [unclosed\nsummary: S'))).toThrow(
      /^about\/x\.md: front matter is not valid YAML/,
    );
    expect(() => compilePage('about/x.md', article('title: A\ntitle: B\nsummary: S'))).toThrow(
      /^about\/x\.md: front matter is not valid YAML.*unique/i,
    );
  });

  it('fails with the file and the field: a bad date, a missing field, a wrong type, an unknown field', () => {
    expect(() => compileArticle('news/x.md', article('title: T\ndate: 14/01/2025\ncover: C\nexcerpt: E'))).toThrow(
      'news/x.md: front matter "date" must be YYYY-MM-DD',
    );
    expect(() => compileArticle('news/x.md', article('title: T\ndate: 2025-01-14'))).toThrow(
      'news/x.md: front matter "cover" is required; "excerpt" is required',
    );
    expect(() => compileArticle('news/x.md', article(valid.replace('title: T', 'title: ""')))).toThrow(
      'news/x.md: front matter "title" must not be empty',
    );
    expect(() =>
      compileService('services/x.md', article(`slug: x\ntitle: T\norder: first\nsummary: S\nduration: D\n${drawing}`), serviceAt),
    ).toThrow(/^services\/x\.md: front matter "order" /);
    expect(() => compileArticle('news/x.md', article(`${valid}\ntag: Diamonds`))).toThrow('news/x.md: front matter unknown field "tag"');
  });

  it('reads a cover’s focal point and its crops per aspect; a studio view’s centre without them (decisions §109)', () => {
    const art = (front: string) => compileArticle('news/x.md', article(`${valid}\n${front}`)).coverArt;
    expect(art('coverFocus: { x: 0.45, y: 0.3 }\ncoverCrops: { "21:9": { x: 0.45, y: 0.26 } }')).toEqual({
      focus: { x: 0.45, y: 0.3 },
      crops: { '21:9': { x: 0.45, y: 0.26 } },
    });
    expect(art('coverFocus: { x: 0, y: 1 }')).toEqual({ focus: { x: 0, y: 1 }, crops: {} });
    expect(() => art('coverFocus: { x: 1.2, y: 0.5 }')).toThrow('news/x.md: front matter "coverFocus.x" must be between 0 and 1');
    expect(() => art('coverFocus: { x: 0.5 }')).toThrow(/^news\/x\.md: front matter "coverFocus\.y" /);
    expect(() => art('coverCrops: { "4:3": { x: 0.5, y: 0.5 } }')).toThrow('news/x.md: front matter "coverCrops" has unknown field "4:3"');
  });

  it('resolves a drawing to its file, size and alt text, and refuses one that is missing, unsized or unnamed', () => {
    const service = (image: string) =>
      compileService('services/x.md', article(`slug: x\ntitle: T\norder: 1\nsummary: S\nduration: D\n${image}`), serviceAt);
    expect(service(drawing).image).toEqual({
      src: '@content-asset:images/engraving.svg',
      width: 1200,
      height: 800,
      alt: 'A graver at work',
    });
    expect(() => service('')).toThrow('services/x.md: front matter "image" is required');
    expect(() => service('image:\n  file: nowhere.svg\n  alt: A')).toThrow(
      'services/x.md: front matter image "nowhere.svg" is not in src/content/images',
    );
    expect(() => service('image:\n  file: engraving.svg\n  alt: ""')).toThrow('services/x.md: front matter "image.alt" must not be empty');
    expect(() => service('image:\n  file: ../secrets.svg\n  alt: A')).toThrow(
      /^services\/x\.md: front matter "image\.file" must be the name of an \.svg file/,
    );
  });

  it('places an editorial page’s figures before the headings they name, and refuses a heading the body lacks', () => {
    const page = (figure: string, body = 'Intro.\n\n## The stones\n\nText.') =>
      compilePage(
        'about/p.md',
        article(`title: T\nsummary: S\nfigures:\n  - file: gemstones.svg\n    alt: Stones\n${figure}`, body),
        pageAt,
      );
    // The body is [Intro., ## The stones, Text.]: the figure stands before block 1, or after the body (3).
    expect(page('    before: The stones\n    caption: A study').figures).toEqual([
      { image: { src: '@content-asset:images/gemstones.svg', width: 1200, height: 800, alt: 'Stones' }, at: 1, caption: 'A study' },
    ]);
    expect(page('    isWide: true').figures[0]).toMatchObject({ at: 3, isWide: true });
    expect(() => page('    before: The metals')).toThrow(
      'about/p.md: front matter figure "gemstones.svg" is placed before "The metals", a heading the body does not have',
    );
    expect(compilePage('about/p.md', article('title: T\nsummary: S')).figures).toEqual([]);
  });

  it('knows a file’s kind by its folder', () => {
    expect(kindOf('src/content/news/a.md')).toBe('article');
    expect(kindOf('src/content/services/a.md')).toBe('service');
    expect(kindOf('src/content/support/faq.md')).toBe('page');
    expect(compileContentFile('src/content/news/a.md', article(valid))).toMatchObject({ slug: 'a', date: '2025-01-14' });
    expect(() => compileContentFile('src/content/services/a.md', article(valid))).toThrow(
      /^src\/content\/services\/a\.md: front matter "slug" is required/,
    );
  });
});

describe('markdownTree', () => {
  it('reads headings (shifted below the page h1), lists, quotes and paragraphs', () => {
    expect(markdownTree('## Title\n\nOne line\nsame paragraph\n\n- a\n- b\n\n1. first\n\n> quoted\n\n---')).toEqual([
      { t: 'h', level: 2, c: ['Title'] },
      { t: 'p', c: ['One line same paragraph'] },
      { t: 'ul', items: [[{ t: 'p', c: ['a'] }], [{ t: 'p', c: ['b'] }]] },
      { t: 'ol', items: [[{ t: 'p', c: ['first'] }]] },
      { t: 'quote', c: [{ t: 'p', c: ['quoted'] }] },
      { t: 'hr' },
    ]);
  });

  it('makes the document’s top heading level an h2 and keeps the steps below it: no level skipped under the page title', () => {
    const levels = (source: string) => markdownTree(source).flatMap((b) => (b.t === 'h' ? [b.level] : []));
    expect(levels('## A\n\n### B\n\n## C')).toEqual([2, 3, 2]);
    expect(levels('# A\n\n## B\n\n### C\n\n#### D')).toEqual([2, 3, 4, 4]);
    expect(levels('### Only')).toEqual([2]);
  });

  it('reads inline emphasis, code, breaks and links; loose lists and their start', () => {
    expect(markdownTree('Some **bold**, *soft* and _soft_ `code`  \nnext [a page](/news)')).toEqual([
      {
        t: 'p',
        c: [
          'Some ',
          { t: 'strong', c: ['bold'] },
          ', ',
          { t: 'em', c: ['soft'] },
          ' and ',
          { t: 'em', c: ['soft'] },
          ' ',
          { t: 'code', v: 'code' },
          { t: 'br' },
          'next ',
          { t: 'a', href: '/news', c: ['a page'] },
        ],
      },
    ]);
    expect(markdownTree('3. three\n\n4. four')).toEqual([
      { t: 'ol', start: 3, loose: true, items: [[{ t: 'p', c: ['three'] }], [{ t: 'p', c: ['four'] }]] },
    ]);
  });

  it('keeps raw HTML as text and unsafe links as their words', () => {
    expect(markdownTree('<img src=x onerror=alert(1)> and [bad](javascript:alert(1)) and [data](data:text/html,hi)')).toEqual([
      { t: 'p', c: ['<img src=x onerror=alert(1)> and bad and data'] },
    ]);
    expect(markdownTree('<script>alert(1)</script>')).toEqual([{ t: 'p', c: ['<script>alert(1)</script>'] }]);
  });

  it('fails on Markdown the site does not render, naming the file and line', () => {
    expect(() => markdownTree('Text\n\n![a picture](/x.png)', 'news/x.md')).toThrow(
      'news/x.md:3: Markdown image is not supported in content files',
    );
    expect(() => markdownTree('```\ncode\n```', 'news/x.md')).toThrow('news/x.md:1: Markdown code is not supported in content files');
  });
});

describe('safeHref', () => {
  it('keeps site paths, https and mailto; drops the rest', () => {
    expect(safeHref('/about')).toBe('/about');
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('http://example.com')).toBeNull();
  });
});
