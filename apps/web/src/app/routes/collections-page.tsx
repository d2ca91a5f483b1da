import { CollectionsPage } from '../../features/catalog/components/collections-page';

export default CollectionsPage;
