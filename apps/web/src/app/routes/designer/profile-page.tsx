export { default } from '../../../features/designer-dashboard/components/profile-page';
