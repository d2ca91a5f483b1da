export { default } from '../../../features/admin-activity/components/activity-page';
