import { useQuery } from '@tanstack/react-query';
import { FeaturedCollections, FeaturedPieces, featuredCollectionsQuery } from '../../features/catalog/components/home-sections';
import { NewCutTeaser } from '../../features/catalog/components/new-cut-teaser';
import { LatestNews, ServicesTeaser } from '../../features/content/components/home-sections';
import { AfterFirstPaint } from '../../components/motion/after-first-paint';
import { HomeHero } from '../../features/home/home-page';
import { BoutiquesTeaser } from '../../features/locations/components/boutiques-teaser';
import type { PreparedPage } from '../prepared';
import { featuredProductsQuery } from '../../features/catalog/api/catalog.queries';
import { coverQuery } from '../../features/content/api/content.queries';
import { articles } from '../../features/content/news';
import { locationFacetsQuery } from '../../features/locations/api/locations.queries';

/** /home composes the features: hero, collections, pieces, the new cut, services, news, boutiques. */
export default function HomeRoute() {
  const featured = useQuery(featuredCollectionsQuery());
  const lead = featured.data?.content[0];
  return (
    <>
      <HomeHero piece={lead?.coverImage ? { image: lead.coverImage, name: lead.coverImage.alt || lead.name } : null} />
      {/* Everything below the full-height hero comes right after the first paint. */}
      <AfterFirstPaint>
        <FeaturedCollections />
        <FeaturedPieces />
        <NewCutTeaser />
        <ServicesTeaser />
        <LatestNews />
        <BoutiquesTeaser />
      </AfterFirstPaint>
    </>
  );
}

/** The first render: the hero's collection, the pieces, the boutiques' facets, the latest articles' covers. */
export const prepared: PreparedPage = {
  data: () => ({
    queries: [
      featuredCollectionsQuery(),
      featuredProductsQuery(4),
      locationFacetsQuery(),
      ...articles.slice(0, 3).map((a) => coverQuery(a.cover)),
    ],
  }),
};
