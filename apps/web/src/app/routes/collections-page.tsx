import { CollectionsPage } from '../../features/catalog/components/collections-page';
import type { PreparedPage } from '../prepared';
import { collectionsQuery } from '../../features/catalog/api/catalog.queries';

export default CollectionsPage;

export const prepared: PreparedPage = {
  data: () => ({ queries: [collectionsQuery()] }),
};
