import { NewCutPage } from '../../features/catalog/components/new-cut-page';
import { NewCutStory, newCutStory } from '../../features/content/components/new-cut-story';

/** /new-cut composes the catalogue (the cut, its geometry, its pieces) with the house's story of it. */
export default function NewCutRoute() {
  return <NewCutPage story={<NewCutStory />} lead={newCutStory.summary} />;
}
