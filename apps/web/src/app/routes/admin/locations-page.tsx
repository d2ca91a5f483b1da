export { default } from '../../../features/admin-locations/components/locations-page';
