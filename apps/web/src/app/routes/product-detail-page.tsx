import { ProductDetailPage } from '../../features/catalog/components/product-detail-page';
import type { PreparedPage } from '../prepared';
import { productFacetsQuery, productQuery } from '../../features/catalog/api/catalog.queries';

export default ProductDetailPage;

export const prepared: PreparedPage = {
  data: ({ params }) => {
    return { queries: [productQuery(params.productId ?? ''), productFacetsQuery({})] };
  },
};
