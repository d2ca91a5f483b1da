import ProductEditorPage from '../../../features/admin-products/components/product-editor-page';
import { ProductScopeProvider } from '../../../features/admin-products/scope';

/** /dashboard/vendor/products/new and /:productId: the product editor in the vendor's scope. */
export default function VendorProductEditorRoute() {
  return (
    <ProductScopeProvider scope="vendor">
      <ProductEditorPage />
    </ProductScopeProvider>
  );
}
