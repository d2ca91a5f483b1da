export { default } from '../../../features/admin-submissions/components/submission-page';
