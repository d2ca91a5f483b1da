import { LocationsPage } from '../../features/locations/components/locations-page';
import type { PreparedPage } from '../prepared';
import { locationFacetsQuery, locationsQuery } from '../../features/locations/api/locations.queries';

export default LocationsPage;

export const prepared: PreparedPage = {
  data: () => ({ queries: [locationFacetsQuery(), locationsQuery({ city: undefined, type: undefined, service: undefined })] }),
};
