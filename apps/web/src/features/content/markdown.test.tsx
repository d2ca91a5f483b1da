import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { markdownTree } from './content-build';
import { Markdown } from './markdown';

function renderMarkdown(source: string) {
  const router = createMemoryRouter([{ path: '/', element: <Markdown tree={markdownTree(source)} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('Markdown', () => {
  it('renders inline emphasis and safe links as elements', () => {
    renderMarkdown(
      'Some **bold** and *soft* words, `code`, [a page](/news), [mail](mailto:a@b.example) and [a site](https://example.com).',
    );
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('soft').tagName).toBe('EM');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'a page' }).getAttribute('href')).toBe('/news');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.example');
    expect(screen.getByRole('link', { name: 'a site' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never renders raw HTML or script links', () => {
    const { container } = renderMarkdown('<img src=x onerror=alert(1)> and [bad](javascript:alert(1))\n\n<script>alert(1)</script>');
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('renders blocks: headings below the page h1, tight list items as words, loose ones as paragraphs, quotes and rules', () => {
    const { container } = renderMarkdown('# Top\n\n## Under\n\n- a\n- b\n\n1. one\n\n2. two\n\n> quoted\n\n---');
    expect(container.querySelector('div')!.innerHTML).toBe(
      '<h2>Top</h2><h3>Under</h3><ul><li>a</li><li>b</li></ul><ol><li><p>one</p></li><li><p>two</p></li></ol><blockquote><p>quoted</p></blockquote><hr>',
    );
  });
});
