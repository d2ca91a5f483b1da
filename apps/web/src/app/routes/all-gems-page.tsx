import { AllGemsPage } from '../../features/catalog/components/all-gems-page';
import type { PreparedPage } from '../prepared';
import { allProductsQuery } from '../../features/catalog/api/catalog.queries';

export default AllGemsPage;

/** The index is built from every piece: inlined when one page of 100 holds the catalogue (else the browser reads it). */
export const prepared: PreparedPage = { data: () => ({ queries: [allProductsQuery({ onePageOnly: true })] }) };
