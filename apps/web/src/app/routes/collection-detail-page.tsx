import { CollectionDetailPage } from '../../features/catalog/components/collection-detail-page';
import type { PreparedPage } from '../prepared';
import { collectionProductsQuery, collectionQuery } from '../../features/catalog/api/catalog.queries';

export default CollectionDetailPage;

export const prepared: PreparedPage = {
  data: ({ params }) => {
    const id = params.collectionId ?? '';
    return { queries: [collectionQuery(id), collectionProductsQuery(id)] };
  },
};
