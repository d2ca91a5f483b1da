export { default } from '../../../features/admin-parties/components/designer-page';
