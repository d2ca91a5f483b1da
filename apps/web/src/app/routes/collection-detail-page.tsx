import { CollectionDetailPage } from '../../features/catalog/components/collection-detail-page';

export default CollectionDetailPage;
