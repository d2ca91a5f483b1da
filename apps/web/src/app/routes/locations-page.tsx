import { LocationsPage } from '../../features/locations/components/locations-page';
import { preparePage } from '../prepared';
import { locationFacetsQuery, locationsQuery } from '../../features/locations/api/locations.queries';

export default LocationsPage;

export const prepared = preparePage({
  data: () => ({ queries: [locationFacetsQuery(), locationsQuery({ city: undefined, type: undefined, service: undefined })] }),
});
