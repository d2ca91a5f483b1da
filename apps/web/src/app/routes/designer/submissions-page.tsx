export { default } from '../../../features/designer-dashboard/components/submissions-page';
