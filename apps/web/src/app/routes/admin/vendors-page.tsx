export { default } from '../../../features/admin-parties/components/vendors-page';
