export { default } from '../../../features/admin-emails/components/emails-page';
