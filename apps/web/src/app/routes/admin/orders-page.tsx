export { default } from '../../../features/admin-orders/components/orders-page';
