import { QueryClient, queryOptions } from '@tanstack/react-query';
import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';
import { preparedLoader, type PreparedLoad, type PreparedPage, type ServerLoadContext } from './prepared';

const piece = (id: string) =>
  queryOptions({
    queryKey: ['pieces', id],
    queryFn: () =>
      id === 'missing'
        ? Promise.reject(new Error('404'))
        : Promise.resolve({ id, images: [{ url: `/${id}.webp`, srcset: [{ url: `/${id}-640.webp`, width: 640 }] }] }),
  });

/** A page declaring its first render once: the piece of its path (in the edition the route gives it). */
const page: PreparedPage<{ edition: string }> = {
  data: ({ params, props }) => {
    if (params.id === 'unknown') return null;
    return { queries: [piece(`${props.edition}${params.id ?? ''}`), piece('missing')] };
  },
};

const room = (id: string) => queryOptions({ queryKey: ['rooms', id], queryFn: () => Promise.resolve({ pieces: [`${id}-1`, `${id}-2`] }) });
const rooms = queryOptions({ queryKey: ['rooms'], queryFn: () => Promise.resolve(['east', 'missing-room']) });

/** A page whose first render asks in rounds: the rooms, then each room, then each room's pieces. */
const salon: PreparedPage = {
  data: () => ({
    queries: [rooms],
    next: (answer) => ({
      queries: (answer(rooms.queryKey) ?? []).map((id) => (id === 'missing-room' ? piece('missing') : room(id))),
      next: (answer) => ({ queries: (answer(room('east').queryKey)?.pieces ?? []).map((id) => piece(id)) }),
    }),
  }),
};

/** The route as the server's data routes hold it: the loader comes with the page (route.lazy). */
async function load(url: string): Promise<{ load: PreparedLoad | null; client: QueryClient }> {
  const handler = createStaticHandler([
    { id: 'piece', path: '/pieces/:id', lazy: { loader: () => Promise.resolve(preparedLoader(page, { edition: 'fw-' })) } },
    { id: 'salon', path: '/salon', lazy: { loader: () => Promise.resolve(preparedLoader(salon, {})) } },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const context = await handler.query(new Request(`http://mirror.local${url}`), {
    requestContext: { queryClient: client } satisfies ServerLoadContext,
  });
  if (context instanceof Response) throw new Error('unexpected response');
  return { load: context.loaderData[url.startsWith('/salon') ? 'salon' : 'piece'] as PreparedLoad | null, client };
}

describe('a prepared page, run as a route loader on the server', () => {
  it('fills the query cache with what answered and leaves the rest to the browser', async () => {
    const { load: result, client } = await load('/pieces/a1');
    expect(result).toEqual({ isRendered: true, isComplete: false });
    expect(client.getQueryData(['pieces', 'fw-a1'])).toMatchObject({ id: 'fw-a1' });
    // A failed query is not left in the cache: the server renders that part as the browser first does.
    expect(client.getQueryCache().find({ queryKey: ['pieces', 'missing'] })).toBeUndefined();
  });

  it('leaves URL state to the browser, and is not prepared when the page says so', async () => {
    const withState = await load('/pieces/a1?sort=name');
    expect(withState.load).toEqual({ isRendered: false, isComplete: false });
    expect(withState.client.getQueryCache().getAll()).toHaveLength(0);
    expect((await load('/pieces/unknown')).load).toBeNull();
  });

  it('asks round by round when a query needs the answers of another', async () => {
    const { load: result, client } = await load('/salon');
    expect(result).toEqual({ isRendered: true, isComplete: false });
    expect(client.getQueryData(['rooms', 'east'])).toEqual({ pieces: ['east-1', 'east-2'] });
    expect(client.getQueryData(['pieces', 'east-2'])).toMatchObject({ id: 'east-2' });
    expect(client.getQueryCache().find({ queryKey: ['pieces', 'missing'] })).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(4);
  });
});
