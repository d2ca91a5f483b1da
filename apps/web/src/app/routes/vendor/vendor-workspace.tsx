export { default } from '../../../features/vendor-dashboard/components/vendor-workspace';
