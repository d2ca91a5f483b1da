export { default } from '../../../features/admin-payments/components/payments-page';
