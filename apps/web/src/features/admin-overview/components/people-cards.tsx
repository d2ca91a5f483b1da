import { useQuery } from '@tanstack/react-query';
import type { Role } from '@mirror/contract';
import { formatCount, formatDateTime } from '../../../lib/format';
import { emailStatisticsQuery, userStatisticsQuery } from '../api/overview.queries';
import { overviewLinks } from '../overview-links';
import { CardError, Figure, FigureList, FigureSkeletons, Section } from './overview-parts';

const ROLE_FIGURES: readonly { role: Role; label: string }[] = [
  { role: 'CUSTOMER', label: 'Clients' },
  { role: 'VENDOR', label: 'Vendors' },
  { role: 'DESIGNER', label: 'Designers' },
  { role: 'ADMIN', label: 'Admins' },
];

export function PeopleFigures() {
  const query = useQuery(userStatisticsQuery());
  const stats = query.data;
  return (
    <Section title="People" link={{ to: overviewLinks.users(), label: 'All users' }} testId="overview-people">
      {stats ? (
        <FigureList label="Users by role" columns={5}>
          {ROLE_FIGURES.map(({ role, label }) => (
            <Figure
              key={role}
              id={`role-${role.toLowerCase()}`}
              label={label}
              to={overviewLinks.users({ role })}
              value={formatCount(stats.byRole[role])}
            />
          ))}
          <Figure
            id="users-new"
            label="New in 30 days"
            to={overviewLinks.users({ sort: '-createdAt' })}
            value={formatCount(stats.newLast30Days)}
            note="All roles"
          />
        </FigureList>
      ) : query.isError ? (
        <CardError what="The people figures" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FigureSkeletons labels={[...ROLE_FIGURES.map((r) => r.label), 'New in 30 days']} columns={5} />
      )}
    </Section>
  );
}

export function EmailFigures() {
  const query = useQuery(emailStatisticsQuery());
  const stats = query.data;
  return (
    <Section title="Email" link={{ to: overviewLinks.emails(), label: 'Outbox' }} testId="overview-email">
      {stats ? (
        <FigureList label="Emails by status" columns={3}>
          <Figure
            id="emails-queued"
            label="Queued"
            to={overviewLinks.emails('QUEUED')}
            value={formatCount(stats.byStatus.QUEUED)}
            note={stats.oldestQueuedAt ? `Oldest ${formatDateTime(stats.oldestQueuedAt)}` : 'The queue is empty'}
          />
          <Figure
            id="emails-failed"
            label="Failed"
            to={overviewLinks.emails('FAILED')}
            value={formatCount(stats.byStatus.FAILED)}
            note={stats.byStatus.FAILED > 0 ? 'Gave up after every retry' : 'None failed'}
            tone={stats.byStatus.FAILED > 0 ? 'error' : 'default'}
          />
          <Figure
            id="emails-sent"
            label="Sent"
            to={overviewLinks.emails('SENT')}
            value={formatCount(stats.byStatus.SENT)}
            note={stats.total === 0 ? 'No email yet' : undefined}
          />
        </FigureList>
      ) : query.isError ? (
        <CardError what="The email figures" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FigureSkeletons labels={['Queued', 'Failed', 'Sent']} columns={3} />
      )}
    </Section>
  );
}
