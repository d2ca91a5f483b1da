export { default } from '../../../features/designer-dashboard/components/designer-workspace';
