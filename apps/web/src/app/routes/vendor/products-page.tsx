export { default } from '../../../features/vendor-dashboard/components/products-page';
