export { default } from '../../../features/admin-overview/components/overview-page';
