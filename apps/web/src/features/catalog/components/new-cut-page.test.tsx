import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { piece } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';
import { NewCutPage } from './new-cut-page';

const pieceOf = (n: number) =>
  piece(n, {
    name: `Glycine Sapphire ${n}`,
    metalType: 'ROSE_GOLD',
    gemstone: { type: 'Sapphire', carat: 1.2, cut: 'Oval', colour: 'Pink', clarity: 'Eye clean' },
    price: { amount: 640_000, currency: 'EUR' },
  });

beforeEach(() => {
  // The film below the drawings waits for the viewport (components/media/lazy-video.tsx): never here.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <NewCutPage story={<p>The story of the oval.</p>} lead="A brilliant drawn out." />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NewCutPage', () => {
  it('shows the cut, its story and the page of pieces the API gives for its cut, with the pages to the others', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        content: [pieceOf(13)],
        page: 1,
        size: 12,
        totalElements: 13,
        totalPages: 2,
        nextCursor: null,
        prevCursor: null,
      }),
    );
    renderAt('/new-cut?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'The Mirror Oval' })).toBeTruthy();
    expect(screen.getByText('The story of the oval.')).toBeTruthy();
    expect(screen.getByTestId('cut-diagram')).toBeTruthy();
    const pieces = await screen.findByTestId('new-cut-pieces');
    expect(within(pieces).getByRole('heading', { name: 'Glycine Sapphire 13' })).toBeTruthy();
    expect(screen.getByText('13 pieces')).toBeTruthy();
    // The API's own cut filter, its pages zero-based; the URL's page is one-based.
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: 'createdAt,desc', page: '1', size: '12', cut: 'Oval' });
    const pages = screen.getByRole('navigation', { name: 'Pages of pieces set with the oval' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/new-cut');
  });

  it('says so when no piece is set with the cut yet, and offers a bespoke piece', async () => {
    mockFetch(() =>
      jsonResponse(200, { content: [], page: 0, size: 12, totalElements: 0, totalPages: 0, nextCursor: null, prevCursor: null }),
    );
    renderAt('/new-cut');
    expect(await screen.findByText('No piece is set with the oval yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a bespoke piece' }).getAttribute('href')).toBe('/contact?appointment=1');
  });
});
