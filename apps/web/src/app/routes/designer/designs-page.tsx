export { default } from '../../../features/designer-dashboard/components/designs-page';
