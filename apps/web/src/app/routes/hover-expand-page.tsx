import { HoverExpandPage } from '../../features/catalog/components/hover-expand-page';
import { collectionsQuery } from '../../features/catalog/api/catalog.queries';
import type { PreparedPage } from '../prepared';

export default HoverExpandPage;

/** The six panels' collections; the first panel's cover is the largest paint. */
export const prepared: PreparedPage = { data: () => ({ queries: [collectionsQuery({ size: 6 })] }) };
