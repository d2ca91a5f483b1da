export { default } from '../../../features/admin-products/components/product-trash-page';
