import { View360Page, view360ProductId } from '../../features/catalog/components/view-360-page';
import type { PreparedPage } from '../prepared';
import { productQuery } from '../../features/catalog/api/catalog.queries';

export default View360Page;

/** The piece of `?product=` (without one, the page's "choose a piece" needs nothing). */
export const prepared: PreparedPage = {
  rendersSearch: true,
  data: ({ url }) => {
    const productId = view360ProductId(url.searchParams);
    return { queries: productId ? [productQuery(productId)] : [] };
  },
};
