import { ProductDetailPage } from '../../features/catalog/components/product-detail-page';

export default ProductDetailPage;
