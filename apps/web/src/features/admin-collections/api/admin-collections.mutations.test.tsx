import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { CollectionItem } from '@mirror/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http';
import { applyOrder } from '../membership-order';
import { items } from '../test/fixtures';
import { useReorderPieces, useToggleHero } from './admin-collections.mutations';
import { adminCollectionKeys } from './admin-collections.queries';

const ID = '30000000-0000-4000-8000-000000000001';

describe('useReorderPieces', () => {
  it('shows each new order at once, saves them one after another, and ends on the last one', async () => {
    const initial = items(3);
    const [a, b, c] = initial.map((i) => i.product.id) as [string, string, string];
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const { calls } = mockFetch(async (call) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight -= 1;
      const ids = (call.body as { productIds: string[] }).productIds;
      return jsonResponse(200, applyOrder(initial, ids));
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(adminCollectionKeys.members(ID), initial);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useReorderPieces(ID), { wrapper });
    const order = () => client.getQueryData<CollectionItem[]>(adminCollectionKeys.members(ID))!.map((i) => i.product.id);

    act(() => result.current.reorder([a, c, b]));
    expect(order()).toEqual([a, c, b]);
    act(() => result.current.reorder([c, a, b]));
    expect(order()).toEqual([c, a, b]);

    // The second save waits for the first: never two in flight, whatever the network does.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toContain(`/api/collections/${ID}/products/order`);
    releases.shift()!();
    await waitFor(() => expect(calls).toHaveLength(2));
    // The first answer (an older order) does not replace what is on screen.
    expect(order()).toEqual([c, a, b]);
    releases.shift()!();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(maxInFlight).toBe(1);
    expect(calls.map((call) => (call.body as { productIds: string[] }).productIds)).toEqual([
      [a, c, b],
      [c, a, b],
    ]);
    expect(order()).toEqual([c, a, b]);
  });
});

describe('useToggleHero', () => {
  it('sends two quick hero changes one after another, in the order they were made', async () => {
    const initial = items(3);
    const [a, b] = initial.map((i) => i.product.id) as [string, string, string];
    const releases: (() => void)[] = [];
    const { calls } = mockFetch(async (call) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      const hero = call.url.split('/').at(-2)!;
      return jsonResponse(
        200,
        initial.map((item) => ({ ...item, isHero: item.product.id === hero })),
      );
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(adminCollectionKeys.members(ID), initial);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ first: useToggleHero(ID), second: useToggleHero(ID) }), { wrapper });

    act(() => result.current.first.mutate(b));
    act(() => result.current.second.mutate(a));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain(b);
    releases.shift()!();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toContain(a);
    releases.shift()!();
    await waitFor(() => expect(result.current.second.isSuccess).toBe(true));
    const hero = client
      .getQueryData<CollectionItem[]>(adminCollectionKeys.members(ID))!
      .filter((i) => i.isHero)
      .map((i) => i.product.id);
    expect(hero).toEqual([a]);
  });
});
