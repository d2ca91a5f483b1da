export { default } from '../../../features/admin-users/components/users-page';
