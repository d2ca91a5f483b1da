export { default } from '../../../features/vendor-dashboard/components/orders-page';
