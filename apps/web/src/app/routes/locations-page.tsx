import { LocationsPage } from '../../features/locations/components/locations-page';

export default LocationsPage;
