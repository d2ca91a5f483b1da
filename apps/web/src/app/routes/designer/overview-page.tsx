export { default } from '../../../features/designer-dashboard/components/overview-page';
