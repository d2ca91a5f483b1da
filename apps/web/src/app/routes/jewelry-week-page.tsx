import { JewelryWeekPage } from '../../features/jewelry-week/components/jewelry-week-page';
import type { PreparedPage } from '../prepared';

export default JewelryWeekPage;

/** The app's own content: no data, its text is the largest paint. */
export const prepared: PreparedPage = { data: () => ({ queries: [] }) };
