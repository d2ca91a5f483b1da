export { default } from '../../../features/admin-parties/components/designers-page';
