export { default } from '../../../features/admin-products/components/products-page';
