import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import filmMp4 from '../../../assets/video/new-cut-oval.mp4';
import filmPoster from '../../../assets/video/new-cut-oval-poster.webp';
import filmWebm from '../../../assets/video/new-cut-oval.webm';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import layout from '../../../components/layout/section.module.css';
import { PIECE_GRID_SIZES } from '../../../components/media/grid-sizes';
import { LazyVideo } from '../../../components/media/lazy-video';
import { Skeleton } from '../../../components/ui/skeleton';
import { buttonClassName } from '../../../components/ui/button';
import { to } from '../../../config/routes';
import { formatCount } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { param, readParams } from '../../../lib/url-state';
import { productsListQuery, type ProductListParams } from '../api/catalog.queries';
import { NEW_CUT } from '../new-cut';
import { CutDiagram } from './cut-diagram';
import styles from './new-cut-page.module.css';
import { Pagination } from './pagination';
import { ProductCard } from './product-card';

/** scripts/video/new-cut-film.ts: the stone turning once, drawn by the catalogue's studio renderer. */
const FILM = {
  sources: [
    { src: filmWebm, type: 'video/webm' },
    { src: filmMp4, type: 'video/mp4' },
  ],
  poster: filmPoster,
  width: 960,
  height: 540,
} as const;

const PAGE_SPEC = { page: param.int(1, { min: 1, max: Math.floor(10_000 / NEW_CUT.pageSize) }) };

/** The pieces set with the new cut, page `page` (1-based): the products API's `cut` filter, newest first. */
export const newCutPiecesParams = (page: number): ProductListParams => ({
  cut: NEW_CUT.cut,
  sort: 'createdAt,desc',
  page: page - 1,
  size: NEW_CUT.pageSize,
});

export interface NewCutPageProps {
  /** The cut's story in the house's words (the content feature's Markdown). */
  story: ReactNode;
  /** One sentence under the title. */
  lead: string;
}

/** /new-cut: the house's newest cut — its geometry, its story and the pieces that use it, paged. */
export function NewCutPage({ story, lead }: NewCutPageProps) {
  const [params] = useSearchParams();
  const { page } = readParams(params, PAGE_SPEC);
  const pieces = useQuery(productsListQuery(newCutPiecesParams(page)));
  const total = pieces.data?.totalElements;

  return (
    <article className={layout.sectionTight}>
      <PageMeta title={`The new cut: ${NEW_CUT.name}`} description={lead} />
      <PageIntro eyebrow={`The new cut · ${NEW_CUT.year}`} title={NEW_CUT.name} lead={lead} />

      {/* Spacing on the section, width on the container inside: two modules never set the same property on
          one element (their order in the cascade changes once the app's own stylesheets load). */}
      <section className={styles.geometry} aria-labelledby="new-cut-geometry">
        <div className={layout.container}>
          <div className={styles.head}>
            <p className="eyebrow">The geometry</p>
            <h2 id="new-cut-geometry" className={styles.title}>
              Fifty-seven facets, drawn out
            </h2>
          </div>
          <CutDiagram spec={NEW_CUT.spec} name={NEW_CUT.name} />
        </div>
      </section>

      <div className={styles.filmBand}>
        <figure className={`${layout.container} ${styles.film}`}>
          <LazyVideo
            {...FILM}
            label={`${NEW_CUT.name}, an F-colour diamond, turning once on the bench in the studio light`}
            className={styles.video}
          />
          <figcaption className={styles.caption}>Once round, in the studio light</figcaption>
        </figure>
      </div>

      <section className={styles.story} aria-label="The story">
        <div className={layout.container}>{story}</div>
      </section>

      <section className={styles.pieces} aria-labelledby="new-cut-pieces">
        <div className={layout.container}>
          <div className={styles.head}>
            <p className="eyebrow">{total === undefined ? 'The pieces' : `${formatCount(total)} ${total === 1 ? 'piece' : 'pieces'}`}</p>
            <h2 id="new-cut-pieces" className={styles.title}>
              Set with the {NEW_CUT.cut.toLowerCase()}
            </h2>
          </div>
          {pieces.isPending ? (
            <ul className={styles.grid} aria-hidden="true" data-testid="new-cut-loading">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <Skeleton aspectRatio="4 / 5" />
                </li>
              ))}
            </ul>
          ) : pieces.isError ? (
            <QueryError error={pieces.error} onRetry={() => void pieces.refetch()} title="The pieces could not be loaded" />
          ) : pieces.data.content.length === 0 ? (
            <EmptyState title={`No piece is set with the ${NEW_CUT.cut.toLowerCase()} yet`}>
              <PageLink to={to.appointment()} className={buttonClassName({ variant: 'secondary' })}>
                Ask for a bespoke piece
              </PageLink>
            </EmptyState>
          ) : (
            <>
              <ul className={styles.grid} data-testid="new-cut-pieces">
                {pieces.data.content.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} sizes={PIECE_GRID_SIZES.newCut} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                totalPages={pieces.data.totalPages}
                label={`Pages of pieces set with the ${NEW_CUT.cut.toLowerCase()}`}
              />
            </>
          )}
        </div>
      </section>
    </article>
  );
}
