import { ServiceDetailPage } from '../../features/content/components/services-pages';
import type { PreparedPage } from '../prepared';

export default ServiceDetailPage;

/** The app's own content, whatever the query string chooses of it: no data, its text is the largest paint. */
export const prepared: PreparedPage = { rendersSearch: true, data: () => ({ queries: [] }) };
