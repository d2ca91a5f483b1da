import { CollectionsPage } from '../../features/catalog/components/collections-page';
import type { PreparedPage } from '../prepared';
import { collectionsQuery } from '../../features/catalog/api/catalog.queries';

export default CollectionsPage;

export const prepared: PreparedPage = {
  data: () => {
    const list = collectionsQuery();
    return {
      queries: [list],
      image: (client) => ({ image: client.getQueryData(list.queryKey)?.content[0]?.coverImage, sizes: '(max-width: 767px) 100vw, 50vw' }),
    };
  },
};
