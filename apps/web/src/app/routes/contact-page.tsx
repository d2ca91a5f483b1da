import { useQuery } from '@tanstack/react-query';
import { ContactPage } from '../../features/contact/components/contact-page';
import { locationsQuery } from '../../features/locations/api/locations.queries';
import type { PreparedPage } from '../prepared';

/** Composes the contact feature with the boutiques that take appointments. */
export default function ContactRoute() {
  const locations = useQuery(locationsQuery({}));
  const boutiques = (locations.data?.content ?? [])
    .filter((l) => l.isAppointmentBookable)
    .map((l) => ({ id: l.id, label: `${l.name} — ${l.city}`, openingHours: l.openingHours }));
  return <ContactPage boutiques={boutiques} isLoadingBoutiques={locations.isPending} />;
}

/** `?appointment` opens the request dialog: URL state, rendered in the browser. */
export const prepared: PreparedPage = { data: () => ({ queries: [locationsQuery({})] }) };
