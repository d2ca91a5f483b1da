export { default } from '../../../features/admin-orders/components/order-new-page';
