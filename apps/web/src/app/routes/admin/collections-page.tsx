export { default } from '../../../features/admin-collections/components/collections-page';
