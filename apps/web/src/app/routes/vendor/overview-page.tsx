export { default } from '../../../features/vendor-dashboard/components/overview-page';
