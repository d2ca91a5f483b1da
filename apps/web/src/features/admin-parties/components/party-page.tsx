import { useQuery } from '@tanstack/react-query';
import type { Product } from '@mirror/contract';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable, StatusDot, useTableUrlState } from '../../../components/data-table';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { RecordHistory } from '../../../components/record-history';
import {
  DashboardSection,
  PIECE_SORTABLE,
  PartyFigures,
  PiecesTableWrap,
  RecentOrders,
  pieceColumns,
} from '../../../components/party-dashboard/party-dashboard';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { to } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { formatCount, formatShortDate } from '../../../lib/format';
import { useDeleteParty, useSetPartyActive, useUpdateParty } from '../api/admin-parties.mutations';
import { partyDashboardQuery, partyDetailQuery, partyPiecesQuery } from '../api/admin-parties.queries';
import { PARTY_KINDS, countryName, partyName, type Party, type PartyKind, type PartyKindConfig } from '../party-kinds';
import { PartyEditor } from './party-editor';
import styles from './admin-parties.module.css';

/** /dashboard/admin/{designers,vendors}/new and /…/:id: the record, its owner's dashboard, its pieces, its editor. */
export function PartyPage({ kind }: { kind: PartyKind }) {
  const params = useParams();
  const id = kind === 'designer' ? params.designerId : params.vendorId;
  return id ? <ExistingParty key={id} kind={kind} id={id} /> : <NewParty kind={kind} />;
}

function crumbsOf(config: PartyKindConfig) {
  return [{ label: config.title, to: config.listPath }];
}

function NewParty({ kind }: { kind: PartyKind }) {
  const config = PARTY_KINDS[kind];
  const navigate = useNavigate();
  const onCreated = useCallback((created: Party) => void navigate(config.detailPath(created.id), { replace: true }), [navigate, config]);
  return (
    <WorkspacePage
      title={`New ${config.noun}`}
      crumbs={crumbsOf(config)}
      subtitle={`Link an account with the ${config.role.toLowerCase()} role so its owner sees their own dashboard.`}
    >
      <div className={styles.layout}>
        <PartyEditor kind={kind} onCreated={onCreated} />
      </div>
    </WorkspacePage>
  );
}

function ExistingParty({ kind, id }: { kind: PartyKind; id: string }) {
  const config = PARTY_KINDS[kind];
  const detail = useQuery(partyDetailQuery(kind, id));
  const party = detail.data;
  const crumbs = crumbsOf(config);
  const title = config.noun === 'designer' ? 'Designer' : 'Vendor';

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <WorkspacePage title={isMissing ? `${title} not found` : title} crumbs={crumbs}>
        {isMissing ? (
          <EmptyState title={`This ${config.noun} could not be found`}>
            <Link to={config.listPath} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
              All {config.plural}
            </Link>
          </EmptyState>
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={`This ${config.noun} could not be loaded`} />
        )}
      </WorkspacePage>
    );
  }

  if (!party) {
    return (
      <WorkspacePage title={title} crumbs={crumbs} subtitle={'\u00a0'}>
        <div className={styles.layout} aria-busy="true" data-testid="party-loading">
          <Skeleton height="6rem" />
          <Skeleton height="3rem" width="60%" />
          <Skeleton height="12rem" />
        </div>
      </WorkspacePage>
    );
  }

  const isDeleted = party.deletedAt !== null;
  const facts = [party.code, config.detailOf(party), countryName(party.country)].filter(Boolean).join(' · ');
  return (
    <WorkspacePage title={partyName(party)} crumbs={crumbs} subtitle={`${facts} · added ${formatShortDate(party.createdAt)}`}>
      {isDeleted ? (
        <div className={styles.banner} role="status">
          <p>
            This {config.noun} was deleted on {formatShortDate(party.deletedAt)}: the site does not show it, its code stays reserved, and it
            can no longer be edited.
          </p>
        </div>
      ) : null}
      <div className={styles.layout}>
        <DashboardPanel kind={kind} party={party} />
        {isDeleted ? null : <StatusPanel kind={kind} party={party} />}
        <PiecesPanel kind={kind} party={party} />
        {isDeleted ? null : <PartyEditor kind={kind} party={party} />}
        <RecordHistory entityType={kind === 'designer' ? 'DESIGNER' : 'VENDOR'} entityId={party.id} version={party.updatedAt} />
        {isDeleted ? null : <DeletePanel kind={kind} party={party} />}
      </div>
    </WorkspacePage>
  );
}

/** The same figures and recent orders as the owner's own dashboard (GET /api/…/:id/dashboard). */
function DashboardPanel({ kind, party }: { kind: PartyKind; party: Party }) {
  const config = PARTY_KINDS[kind];
  const dashboard = useQuery(partyDashboardQuery(kind, party.id));
  return (
    <>
      <DashboardSection title="Dashboard, as the owner sees it" testId="party-figures">
        {dashboard.error ? (
          <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} title="The figures could not be loaded" />
        ) : (
          <PartyFigures dashboard={dashboard.data} label={`Figures of ${partyName(party)}`} />
        )}
      </DashboardSection>
      {dashboard.error ? null : (
        <DashboardSection title="Recent orders" testId="party-recent-orders">
          {dashboard.data ? <RecentOrders orders={dashboard.data.recentOrders} noun={config.piecesNoun} /> : <Skeleton height="4rem" />}
        </DashboardSection>
      )}
    </>
  );
}

type Flag = 'isActive' | 'isVerified' | 'isFeatured';

/** Activate / deactivate, verify, feature: each fact with its one action, applied at once. */
function StatusPanel({ kind, party }: { kind: PartyKind; party: Party }) {
  const config = PARTY_KINDS[kind];
  const setActive = useSetPartyActive(kind);
  const update = useUpdateParty(kind);
  const [busy, setBusy] = useState<Flag | null>(null);
  const name = partyName(party);

  function toggle(flag: Flag) {
    const next = !party[flag];
    const done = (text: string) => () => showToast(text);
    const onError = (error: unknown) => showToast(errorText(error), 'error');
    const onSettled = () => setBusy(null);
    setBusy(flag);
    if (flag === 'isActive') {
      setActive.mutate(
        { id: party.id, isActive: next },
        { onSuccess: done(next ? `${name} is active` : `${name} is deactivated`), onError, onSettled },
      );
      return;
    }
    const words = flag === 'isVerified' ? (next ? 'verified' : 'no longer verified') : next ? 'featured' : 'no longer featured';
    update.mutate({ id: party.id, patch: { [flag]: next } }, { onSuccess: done(`${name} is ${words}`), onError, onSettled });
  }

  const items: { flag: Flag; fact: ReactNode; note: string; action: string }[] = [
    {
      flag: 'isActive',
      fact: party.isActive ? <StatusDot tone="ink">Active</StatusDot> : <StatusDot tone="muted">Inactive</StatusDot>,
      note: party.isActive ? 'Shown on the site.' : `Hidden from visitors; the owner still sees their dashboard.`,
      action: party.isActive ? 'Deactivate' : 'Activate',
    },
    {
      flag: 'isVerified',
      fact: party.isVerified ? <StatusDot tone="ink">Verified</StatusDot> : <StatusDot tone="muted">Not verified</StatusDot>,
      note: party.isVerified ? `Mirror has checked this ${config.noun}.` : `Not yet checked by Mirror.`,
      action: party.isVerified ? 'Remove verification' : 'Verify',
    },
    {
      flag: 'isFeatured',
      fact: party.isFeatured ? <StatusDot tone="gold">Featured</StatusDot> : <StatusDot tone="muted">Not featured</StatusDot>,
      note: party.isFeatured ? 'Among those the site puts forward.' : 'Not put forward on the site.',
      action: party.isFeatured ? 'Unfeature' : 'Feature',
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="party-status-title">
      <header className={styles.sectionHeader}>
        <h2 id="party-status-title" className={styles.sectionTitle}>
          Status
        </h2>
      </header>
      <ul className={styles.statusList}>
        {items.map((item) => (
          <li key={item.flag} className={styles.statusItem}>
            {item.fact}
            <p className={styles.secondary}>{item.note}</p>
            <Button
              variant="secondary"
              size="small"
              disabled={busy !== null}
              aria-busy={busy === item.flag || undefined}
              onClick={() => toggle(item.flag)}
            >
              {item.action}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Its pieces, every status; each opens in the product editor. Page and sort live in the URL. */
function PiecesPanel({ kind, party }: { kind: PartyKind; party: Party }) {
  const navigate = useNavigate();
  const state = useTableUrlState(NO_FILTERS, { sortable: PIECE_SORTABLE, defaultSort: { id: 'updatedAt', desc: true } });
  const pieces = useQuery(partyPiecesQuery(kind, party.id, { page: state.page, size: state.size, sort: state.apiSort }));
  const columns = useMemo(() => pieceColumns({ pieceHref: (p) => to.adminProduct(p.id), pieceTitle: (p) => `Edit ${p.name}` }), []);
  const total = pieces.data?.totalElements;
  return (
    <section className={styles.section} aria-labelledby="party-pieces-title">
      <header className={styles.sectionHeader}>
        <h2 id="party-pieces-title" className={styles.sectionTitle}>
          Pieces
        </h2>
        <p className={styles.secondary}>
          {total === undefined ? '\u00a0' : `${formatCount(total)} ${total === 1 ? 'piece' : 'pieces'}, every status`}
        </p>
      </header>
      <PiecesTableWrap>
        <DataTable<Product>
          id={`admin-${kind}-pieces`}
          caption={`Pieces of ${partyName(party)}`}
          columns={columns}
          query={pieces}
          state={state}
          getRowId={(p) => p.id}
          rowLabel={(p) => p.name}
          onOpen={(p) => void navigate(to.adminProduct(p.id))}
          noun="pieces"
          sizes={[10, 20, 50]}
          empty={
            <EmptyState title="No pieces yet">
              <p>Pieces appear here once a product names this {PARTY_KINDS[kind].noun}.</p>
            </EmptyState>
          }
        />
      </PiecesTableWrap>
    </section>
  );
}
const NO_FILTERS = {};

/** Soft delete: typed confirmation with the code; the owning account is released. */
function DeletePanel({ kind, party }: { kind: PartyKind; party: Party }) {
  const config = PARTY_KINDS[kind];
  const navigate = useNavigate();
  const remove = useDeleteParty(kind);
  const [isAsking, setIsAsking] = useState(false);
  const name = partyName(party);
  return (
    <section className={styles.danger} aria-labelledby="party-delete-title">
      <h2 id="party-delete-title" className={styles.sectionTitle}>
        Delete
      </h2>
      <p className={styles.secondary}>
        The {config.noun} leaves the site and this list; its pieces keep their history, its code stays reserved, and its account is
        released.
      </p>
      <Button variant="secondary" size="small" className={styles.dangerButton} onClick={() => setIsAsking(true)}>
        Delete {config.noun}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={`Delete ${name}?`}
        confirmLabel={`Delete ${config.noun}`}
        isDestructive
        confirmText={party.code}
        isPending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onCancel={() => setIsAsking(false)}
        // The promise, not mutate's callbacks: the refetched record (now deleted) unmounts this panel.
        onConfirm={() =>
          void remove
            .mutateAsync(party.id)
            .then(() => {
              showToast(`${name} is deleted`);
              void navigate(config.listPath);
            })
            .catch(() => undefined)
        }
      >
        <p>This cannot be undone from the back-office.</p>
      </ConfirmDialog>
    </section>
  );
}
