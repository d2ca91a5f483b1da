import { ProductDetailPage } from '../../features/catalog/components/product-detail-page';
import type { PreparedPage } from '../prepared';
import { productFacetsQuery, productQuery } from '../../features/catalog/api/catalog.queries';

export default ProductDetailPage;

export const prepared: PreparedPage = {
  data: ({ params }) => {
    const product = productQuery(params.productId ?? '');
    return {
      queries: [product, productFacetsQuery({})],
      image: (client) => ({ image: client.getQueryData(product.queryKey)?.images[0], sizes: '(max-width: 1023px) 100vw, 55vw' }),
    };
  },
};
