import ProductsPage from '../../../features/admin-products/components/products-page';
import { ProductScopeProvider } from '../../../features/admin-products/scope';

/** /dashboard/vendor/products: the back-office products table in the vendor's scope (its own pieces). */
export default function VendorProductsRoute() {
  return (
    <ProductScopeProvider scope="vendor">
      <ProductsPage />
    </ProductScopeProvider>
  );
}
