export { default } from '../../../features/admin-products/components/product-editor-page';
