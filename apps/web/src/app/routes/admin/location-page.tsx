export { default } from '../../../features/admin-locations/components/location-page';
