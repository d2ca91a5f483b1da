import { SupportPage } from '../../features/content/components/support-page';
import { preparePage } from '../prepared';

export default SupportPage;

/** The app's own content, whatever the query string chooses of it: no data, its text is the largest paint. */
export const prepared = preparePage({ rendersSearch: true, data: () => ({ queries: [] }) });
