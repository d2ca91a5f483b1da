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

/** The route as the server's data routes hold it: the loader comes with the page (route.lazy). */
async function load(url: string): Promise<{ load: PreparedLoad | null; client: QueryClient }> {
  const handler = createStaticHandler([
    { id: 'piece', path: '/pieces/:id', lazy: { loader: () => Promise.resolve(preparedLoader(page, { edition: 'fw-' })) } },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const context = await handler.query(new Request(`http://mirror.local${url}`), {
    requestContext: { queryClient: client } satisfies ServerLoadContext,
  });
  if (context instanceof Response) throw new Error('unexpected response');
  return { load: context.loaderData.piece as PreparedLoad | null, client };
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
});
