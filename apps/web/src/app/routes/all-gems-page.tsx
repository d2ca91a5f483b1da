import { AllGemsPage } from '../../features/catalog/components/all-gems-page';
import type { PreparedPage } from '../prepared';
import { gemIndexQuery } from '../../features/catalog/api/catalog.queries';

export default AllGemsPage;

/** The API's gem index: one small answer whatever the catalogue's size, always inlined. */
export const prepared: PreparedPage = { data: () => ({ queries: [gemIndexQuery()] }) };
