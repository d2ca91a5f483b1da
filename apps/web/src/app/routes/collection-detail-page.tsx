import { CollectionDetailPage } from '../../features/catalog/components/collection-detail-page';
import type { PreparedPage } from '../prepared';
import { collectionProductsQuery, collectionQuery } from '../../features/catalog/api/catalog.queries';

export default CollectionDetailPage;

export const prepared: PreparedPage = {
  data: ({ params }) => {
    const id = params.collectionId ?? '';
    const pieces = collectionProductsQuery(id);
    return {
      queries: [collectionQuery(id), pieces],
      // The hero piece (the first, when none is marked).
      image: (client) => {
        const items = client.getQueryData(pieces.queryKey) ?? [];
        return { image: (items.find((item) => item.isHero) ?? items[0])?.product.images[0], sizes: '(max-width: 1023px) 100vw, 50vw' };
      },
    };
  },
};
