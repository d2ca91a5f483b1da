import { NewCutPage } from '../../features/catalog/components/new-cut-page';
import { NewCutStory, newCutStory } from '../../features/content/components/new-cut-story';
import type { PreparedPage } from '../prepared';
import { productsListQuery } from '../../features/catalog/api/catalog.queries';
import { newCutPiecesParams } from '../../features/catalog/components/new-cut-page';

/** /new-cut composes the catalogue (the cut, its geometry, its pieces) with the house's story of it. */
export default function NewCutRoute() {
  return <NewCutPage story={<NewCutStory />} lead={newCutStory.summary} />;
}

export const prepared: PreparedPage = { data: () => ({ queries: [productsListQuery(newCutPiecesParams(1))] }) };
