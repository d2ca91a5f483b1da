export { default } from '../../../features/admin-collections/components/collection-trash-page';
