export { default } from '../../../features/admin-order/components/payment-receipt-page';
