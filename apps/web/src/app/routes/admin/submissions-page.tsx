export { default } from '../../../features/admin-submissions/components/submissions-page';
