import { ProductDetailPage } from '../../features/catalog/components/product-detail-page';
import type { PreparedPage } from '../prepared';
import { productCollectionQuery, productFacetsQuery, productQuery } from '../../features/catalog/api/catalog.queries';

export default ProductDetailPage;

export const prepared: PreparedPage = {
  data: ({ params }) => {
    const id = params.productId ?? '';
    return { queries: [productQuery(id), productFacetsQuery({}), productCollectionQuery(id)] };
  },
};
