import { AboutPage } from '../../features/content/components/about-page';
import type { PreparedPage } from '../prepared';

export default AboutPage;

/** The app's own content: no data, its text is the largest paint. */
export const prepared: PreparedPage = { data: () => ({ queries: [] }) };
