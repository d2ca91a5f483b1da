export { default } from '../../../features/admin-parties/components/vendor-page';
