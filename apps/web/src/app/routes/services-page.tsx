import { ServicesPage } from '../../features/content/components/services-pages';
import type { PreparedPage } from '../prepared';

export default ServicesPage;

/** The app's own content: no data, its text is the largest paint. */
export const prepared: PreparedPage = { data: () => ({ queries: [] }) };
