import { AboutPage } from '../../features/content/components/about-page';
import { preparePage } from '../prepared';

export default AboutPage;

/** The app's own content: no data, its text is the largest paint. */
export const prepared = preparePage({ data: () => ({ queries: [] }) });
