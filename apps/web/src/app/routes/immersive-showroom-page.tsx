import { ImmersiveShowroomPage } from '../../features/catalog/components/immersive-showroom-page';
import type { PreparedPage } from '../prepared';
import { categoryQuery, collectionProductsQuery } from '../../features/catalog/api/catalog.queries';
import { roomCategoryIds, showroomCollectionsQuery, showroomRooms } from '../../features/catalog/components/showroom/showroom-rooms';

export default ImmersiveShowroomPage;

/**
 * The door of the salon and the written list: the featured collections, then each one's pieces, then
 * the categories of those pieces (the salon asks for them as it opens). three.js is not part of it.
 */
export const prepared: PreparedPage = {
  data: () => ({
    queries: [showroomCollectionsQuery()],
    next: (answer) => {
      const collections = answer(showroomCollectionsQuery().queryKey)?.content ?? [];
      return {
        queries: collections.map((collection) => collectionProductsQuery(collection.id)),
        next: (answer) => {
          const rooms = showroomRooms(collections, (collection) => answer(collectionProductsQuery(collection.id).queryKey));
          return rooms ? { queries: roomCategoryIds(rooms).map((id) => categoryQuery(id)) } : null;
        },
      };
    },
  }),
};
