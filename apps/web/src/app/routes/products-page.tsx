import { ProductsPage } from '../../features/catalog/components/products-page';
import type { BrowserLayout } from '../../features/catalog/components/product-browser';

export default function ProductsRoute({ layout }: { layout: BrowserLayout }) {
  return <ProductsPage layout={layout} />;
}
