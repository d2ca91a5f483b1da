import { useQuery } from '@tanstack/react-query';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import layout from '../../../components/layout/section.module.css';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { to } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { gemIndexQuery } from '../api/catalog.queries';
import styles from './all-gems-page.module.css';

export function AllGemsPage() {
  const catalog = useQuery(gemIndexQuery());
  const index = catalog.data;

  let body;
  if (catalog.isPending)
    body = (
      <div className={styles.stones} aria-hidden="true" data-testid="gems-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height="20rem" />
        ))}
      </div>
    );
  else if (catalog.isError)
    body = <QueryError error={catalog.error} onRetry={() => void catalog.refetch()} title="The gems could not be loaded" />;
  else if (!index || index.stones.length === 0) body = <EmptyState title="No gemstones are listed yet" />;
  else
    body = (
      <div className={styles.stones}>
        <nav aria-label="Stones" className={styles.jump}>
          {index.stones.map((stone) => (
            <a key={stone.name} href={`#gem-${stone.name.toLowerCase()}`}>
              {stone.name}
            </a>
          ))}
        </nav>
        {index.stones.map((stone, i) => (
          <section key={stone.name} id={`gem-${stone.name.toLowerCase()}`} className={styles.stone} aria-labelledby={`gem-title-${i}`}>
            <div className={styles.stoneHead}>
              <h2 id={`gem-title-${i}`} className={styles.stoneName}>
                {stone.name}
              </h2>
              <p className={styles.stoneMeta}>
                {stone.count} {stone.count === 1 ? 'piece' : 'pieces'}
                {stone.colours.length ? ` · ${stone.colours.join(', ')}` : ''}
              </p>
              <PageLink to={to.allGemsPieces(stone.name)} className={styles.all}>
                All {stone.name.toLowerCase()} pieces
              </PageLink>
            </div>
            <ul className={styles.variants}>
              {stone.variants.map((variant, j) => {
                const image = variant.sample.image;
                const label = [variant.colour, variant.cut ? `${variant.cut} cut` : null].filter(Boolean).join(', ') || stone.name;
                return (
                  <li key={variant.key}>
                    <PageLink to={to.allGemsPieces(stone.name)} className={styles.variant}>
                      <div className={styles.media}>
                        {image ? (
                          <ResponsiveImage
                            image={image}
                            sizes="(max-width: 767px) 50vw, 20vw"
                            isPriority={i === 0 && j < 2}
                            alt={`${label} ${stone.name.toLowerCase()} — ${variant.sample.name}`}
                          />
                        ) : null}
                      </div>
                      <span className={styles.variantName}>{label}</span>
                      <span className={styles.variantCount}>
                        {variant.count} {variant.count === 1 ? 'piece' : 'pieces'}
                      </span>
                    </PageLink>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    );

  return (
    <div className={layout.sectionTight}>
      <PageMeta
        title="All gems"
        description="Every gemstone in the Mirror catalogue — diamonds, sapphires, emeralds, rubies, pearls — by colour and cut."
      />
      <PageIntro
        eyebrow="The stones"
        title="All gems"
        lead="Every stone the Maison has set this season, chosen one by one for its colour, its cut and its fire."
      />
      <div className={layout.container}>{body}</div>
    </div>
  );
}
