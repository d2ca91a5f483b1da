export { default } from '../../../features/admin-order/components/order-page';
