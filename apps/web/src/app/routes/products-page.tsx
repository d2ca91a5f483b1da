import { ProductsPage } from '../../features/catalog/components/products-page';
import type { BrowserLayout } from '../../features/catalog/components/product-browser';
import type { PreparedPage } from '../prepared';
import { productFacetsQuery, productsListQuery } from '../../features/catalog/api/catalog.queries';
import { PAGE_SIZE } from '../../features/catalog/components/product-browser';
import { PRODUCT_LIST_SPEC, toListParams } from '../../features/catalog/components/use-product-list-state';
import { readParams } from '../../lib/url-state';

export default function ProductsRoute({ layout }: { layout: BrowserLayout }) {
  return <ProductsPage layout={layout} />;
}

/** A bare URL's list (URL state is rendered in the browser) and its facets, per layout. */
export const prepared: PreparedPage<{ layout: BrowserLayout }> = {
  data: ({ props: { layout } }) => {
    const params = toListParams(readParams(new URLSearchParams(), PRODUCT_LIST_SPEC), PAGE_SIZE[layout]);
    const { q: _q, sort: _s, page: _p, size: _z, ...filter } = params;
    return { queries: [productsListQuery(params), productFacetsQuery(filter)] };
  },
};
