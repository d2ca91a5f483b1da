import { SupportPage } from '../../features/content/components/support-page';
import type { PreparedPage } from '../prepared';

export default SupportPage;

/** The app's own content, whatever the query string chooses of it: no data, its text is the largest paint. */
export const prepared: PreparedPage = { rendersSearch: true, data: () => ({ queries: [] }) };
