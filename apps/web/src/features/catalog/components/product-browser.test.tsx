import type { Product } from '@mirror/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { piece } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';
import { ProductBrowser } from './product-browser';

const pieceOf = (n: number) =>
  piece(n, {
    name: `Aube Diamond band ${n}`,
    metalType: 'PLATINUM',
    gemstone: { type: 'Diamond', carat: 1, cut: 'Round', colour: 'D', clarity: 'VVS1' },
    price: { amount: 1_250_000, currency: 'EUR' },
  });

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ProductBrowser layout="grid" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The API's answer to the browser's search: one page of `content`, the rest of the page shape as given. */
function answerSearch(page: { content: Product[]; totalElements: number; totalPages: number; totalExact: boolean }) {
  mockFetch((call) =>
    call.url.includes('/api/products/search')
      ? jsonResponse(200, { page: 0, size: 12, correctedQuery: null, nextCursor: null, prevCursor: null, ...page })
      : jsonResponse(500, { status: 500, code: 'INTERNAL', message: 'not in this test' }),
  );
}

describe('ProductBrowser', () => {
  it('says "More than 10,000 pieces" for a search the API counted no further, and links its pages within the window', async () => {
    // The API answers the window (10,000) and `totalExact: false`; 10,000 / 12 is 833⅓ pages.
    answerSearch({ content: [pieceOf(1), pieceOf(2)], totalElements: 10_000, totalPages: 834, totalExact: false });
    renderAt('/products?q=diamond');
    expect(await screen.findByText('More than 10,000 pieces')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    // The last page linked is the 833rd: the 834th would start past the 10,000th piece, which the API refuses.
    expect(within(pages).getByRole('link', { name: 'Page 833' })).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Page 834' })).toBeNull();
  });

  it('writes an exact count as before', async () => {
    answerSearch({ content: [pieceOf(1)], totalElements: 1, totalPages: 1, totalExact: true });
    renderAt('/products?q=aube');
    expect(await screen.findByText('1 piece')).toBeTruthy();
  });
});
