import type { Location } from '@mirror/contract';
import { LOCATION_SERVICES, LOCATION_TYPES } from '../../../config/vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { to } from '../../../config/routes';
import { formatShortDate, humanize } from '../../../lib/format';
import { REDUCED_MOTION_QUERY, matchesMedia } from '../../../lib/media';
import { PageMeta } from '../../../lib/page-meta';
import { param, patchParams, readParams, type ParamSpec } from '../../../lib/url-state';
import { locationFacetsQuery, locationsQuery } from '../api/locations.queries';
import { summariseHours, todayText } from '../hours';
import { BoutiqueMap } from './boutique-map';
import styles from './locations.module.css';

interface LocationUrlState {
  city: string | undefined;
  type: (typeof LOCATION_TYPES)[number] | undefined;
  service: (typeof LOCATION_SERVICES)[number] | undefined;
}

const SPEC: ParamSpec<LocationUrlState> = {
  city: param.optionalString(),
  type: param.optionalOneOf(LOCATION_TYPES),
  service: param.optionalOneOf(LOCATION_SERVICES),
};

/** The dated closures still to come (today included), the next three. */
function upcoming(location: Location) {
  const today = new Date().toISOString().slice(0, 10);
  return location.closures.filter((c) => c.date >= today).slice(0, 3);
}

/**
 * Directions from wherever the visitor is: Google Maps' documented cross-platform URL (it opens the
 * app on a phone that has it, the site elsewhere — a `geo:` URI does nothing on iOS or most desktops).
 */
export function directionsUrl(location: Pick<Location, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`;
}

function BoutiqueCard({ location, isActive, onFocus }: { location: Location; isActive: boolean; onFocus: () => void }) {
  return (
    <li
      className={styles.card}
      data-active={isActive || undefined}
      id={`boutique-${location.id}`}
      onMouseEnter={onFocus}
      onFocusCapture={onFocus}
      data-testid="boutique"
    >
      <p className="eyebrow">
        {location.city}, {location.country} · {humanize(location.type)}
      </p>
      <h2 className={styles.name}>{location.name}</h2>
      <address className={styles.address}>
        {location.address}
        <br />
        {[location.postalCode, location.city].filter(Boolean).join(' ')}
      </address>
      {/* Depends on the clock: the server's render may fall on the other side of midnight. */}
      <p className={styles.today} suppressHydrationWarning>
        {todayText(location.openingHours, location.timezone)}
      </p>
      <details className={styles.hours}>
        <summary>Opening hours</summary>
        <dl>
          {summariseHours(location.openingHours).map((line) => (
            <div key={line.days}>
              <dt>{line.days}</dt>
              <dd>{line.hours}</dd>
            </div>
          ))}
        </dl>
      </details>
      {upcoming(location).length ? (
        // Depends on the clock, like today's hours.
        <p className={styles.today} data-testid="closures" suppressHydrationWarning>
          Closed{' '}
          {upcoming(location)
            .map((c) => `${formatShortDate(c.date)}${c.note ? ` (${c.note})` : ''}`)
            .join(', ')}
        </p>
      ) : null}
      {location.services.length ? <p className={styles.services}>{location.services.map(humanize).join(' · ')}</p> : null}
      <div className={styles.contact}>
        {location.phone ? <a href={`tel:${location.phone.replace(/[^+\d]/g, '')}`}>{location.phone}</a> : null}
        {location.email ? <a href={`mailto:${location.email}`}>{location.email}</a> : null}
        <a href={directionsUrl(location)} target="_blank" rel="noopener noreferrer" data-testid="directions">
          Directions<span className="visually-hidden"> to {location.name} (opens Google Maps)</span>
        </a>
      </div>
      {location.isAppointmentBookable ? (
        <PageLink
          to={to.appointment({ boutique: location.id })}
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          aria-label={`Book an appointment at ${location.name}`}
        >
          Book an appointment
        </PageLink>
      ) : null}
    </li>
  );
}

export function LocationsPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readParams(params, SPEC), [params]);
  const update = (patch: Partial<LocationUrlState>) =>
    setParams((current) => patchParams(current, SPEC, patch), { preventScrollReset: true });
  const facets = useQuery(locationFacetsQuery());
  const list = useQuery(locationsQuery({ city: state.city, type: state.type, service: state.service }));
  const [activeId, setActiveId] = useState<string | null>(null);
  const locations = list.data?.content ?? [];

  const select = (
    label: string,
    value: string | undefined,
    options: { value: string; count: number }[] | undefined,
    onChange: (v: string | undefined) => void,
    format: (v: string) => string = humanize,
  ) => (
    <label className={styles.filter}>
      <span className="eyebrow">{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All</option>
        {(options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {format(o.value)} ({o.count})
          </option>
        ))}
      </select>
    </label>
  );

  let body;
  if (list.isPending)
    body = (
      <div className={styles.layout} aria-hidden="true" data-testid="locations-loading">
        <Skeleton aspectRatio="5 / 4" />
        <div>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height="12rem" className={styles.cardSkeleton} />
          ))}
        </div>
      </div>
    );
  else if (list.isError)
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} title="The boutiques could not be loaded" />;
  else if (locations.length === 0)
    body = (
      <EmptyState title="No boutique matches these filters">
        <button type="button" className={buttonClassName({ variant: 'secondary', size: 'small' })} onClick={() => setParams({})}>
          Show every boutique
        </button>
      </EmptyState>
    );
  else
    body = (
      <div className={styles.layout}>
        <div className={styles.mapColumn}>
          <BoutiqueMap
            locations={locations}
            activeId={activeId}
            onSelect={(id) => {
              setActiveId(id);
              document
                .getElementById(`boutique-${id}`)
                ?.scrollIntoView({ behavior: matchesMedia(REDUCED_MOTION_QUERY) ? 'auto' : 'smooth', block: 'nearest' });
            }}
          />
        </div>
        <ul className={styles.list} aria-busy={list.isPlaceholderData || undefined}>
          {locations.map((location) => (
            <BoutiqueCard
              key={location.id}
              location={location}
              isActive={location.id === activeId}
              onFocus={() => setActiveId(location.id)}
            />
          ))}
        </ul>
      </div>
    );

  return (
    <>
      <PageMeta
        title="Boutiques"
        description="Find a Mirror boutique: addresses, opening hours and services, and book a private appointment."
      />
      <PageIntro
        eyebrow="Our boutiques"
        title="Visit the Maison"
        lead="A private salon, a glass of champagne and the pieces you wish to see — in Paris, Milan, London and beyond."
      />
      <div className={styles.container}>
        <div className={styles.filters} role="group" aria-label="Filter boutiques">
          {select(
            'City',
            state.city,
            facets.data?.cities,
            (city) => update({ city }),
            (v) => v,
          )}
          {select('Type', state.type, facets.data?.types, (type) => update({ type: type as LocationUrlState['type'] }))}
          {select('Service', state.service, facets.data?.services, (service) =>
            update({ service: service as LocationUrlState['service'] }),
          )}
          <p className={styles.count} aria-live="polite">
            {list.data ? `${list.data.totalElements} ${list.data.totalElements === 1 ? 'address' : 'addresses'}` : '\u00a0'}
          </p>
        </div>
        {body}
      </div>
    </>
  );
}
