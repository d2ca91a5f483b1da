import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks, safeHref } from './markdown';

function renderMarkdown(source: string) {
  const router = createMemoryRouter([{ path: '/', element: <Markdown source={source} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('parseBlocks', () => {
  it('reads headings (shifted below the page h1), lists, quotes and paragraphs', () => {
    const blocks = parseBlocks('## Title\n\nOne line\nsame paragraph\n\n- a\n- b\n\n1. first\n\n> quoted\n\n---');
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: 'Title' },
      { type: 'paragraph', text: 'One line same paragraph' },
      { type: 'list', ordered: false, items: ['a', 'b'] },
      { type: 'list', ordered: true, items: ['first'] },
      { type: 'quote', text: 'quoted' },
      { type: 'rule' },
    ]);
  });

  it('makes the document’s top heading level an h2 and keeps the steps below it: no level skipped under the page title', () => {
    const levels = (source: string) => parseBlocks(source).flatMap((b) => (b.type === 'heading' ? [b.level] : []));
    expect(levels('## A\n\n### B\n\n## C')).toEqual([2, 3, 2]);
    expect(levels('# A\n\n## B\n\n### C\n\n#### D')).toEqual([2, 3, 4, 4]);
    expect(levels('### Only')).toEqual([2]);
  });
});

describe('Markdown', () => {
  it('renders inline emphasis and safe links as elements', () => {
    renderMarkdown('Some **bold** and *soft* words, [a page](/news) and [mail](mailto:a@b.example).');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('soft').tagName).toBe('EM');
    expect(screen.getByRole('link', { name: 'a page' }).getAttribute('href')).toBe('/news');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.example');
  });

  it('never renders raw HTML or script links', () => {
    const { container } = renderMarkdown('<img src=x onerror=alert(1)> and [bad](javascript:alert(1))');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('safeHref', () => {
  it('keeps site paths, https and mailto; drops the rest', () => {
    expect(safeHref('/about')).toBe('/about');
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
  });
});
