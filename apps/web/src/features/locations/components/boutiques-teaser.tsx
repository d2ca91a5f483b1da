import { useQuery } from '@tanstack/react-query';
import { PageLink } from '../../../components/layout/page-link';
import { Reveal } from '../../../components/motion/reveal';
import { paths } from '../../../config/routes';
import { locationFacetsQuery } from '../api/locations.queries';
import styles from './boutiques-teaser.module.css';

/** The home page's invitation to visit, with the cities the API lists. */
export function BoutiquesTeaser() {
  const facets = useQuery(locationFacetsQuery());
  const cities = facets.data?.cities ?? [];
  return (
    <Reveal as="section" className={styles.teaser} aria-labelledby="home-boutiques">
      <p className="eyebrow">Our boutiques</p>
      <h2 id="home-boutiques" className={styles.title}>
        Visit the Maison
      </h2>
      <ul className={styles.cities} aria-busy={facets.isPending || undefined}>
        {cities.map((city) => (
          <li key={city.value}>
            <PageLink to={`${paths.locations}?city=${encodeURIComponent(city.value)}`}>{city.value}</PageLink>
          </li>
        ))}
      </ul>
      <PageLink to={paths.locations} className={styles.textLink}>
        Find a boutique
      </PageLink>
    </Reveal>
  );
}
