export { default } from '../../../features/admin-taxonomy/components/taxonomy-page';
