import { useCallback, useId, useRef, useState } from 'react';
import type { Product, ProductBulkBody, ProductStatus } from '@mirror/contract';
import { useDismiss } from '../../../components/layout/use-dismiss';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/errors';
import { humanize } from '../../../lib/format';
import { useBulkProducts } from '../api/admin-products.mutations';
import { PRODUCT_STATUSES } from './product-filters';
import styles from './admin-products.module.css';

export function pieces(count: number): string {
  return count === 1 ? '1 piece' : `${count.toLocaleString('en-GB')} pieces`;
}

/** 'Feature 2 pieces' → the toast after it. */
const DONE: Record<Exclude<ProductBulkBody['action'], 'SET_STATUS'>, (n: number) => string> = {
  FEATURE: (n) => `${pieces(n)} featured`,
  UNFEATURE: (n) => `${pieces(n)} no longer featured`,
  DELETE: (n) => `${pieces(n)} moved to the Trash`,
  RESTORE: (n) => `${pieces(n)} restored`,
};

type Pending = { kind: 'delete' } | { kind: 'archive' } | null;

export interface ProductBulkActionsProps {
  selected: Product[];
  clear: () => void;
  onExport: (ids: string[]) => void;
  isExporting: boolean;
}

/** The bulk bar's actions for the products table; destructive ones ask first. */
export function ProductBulkActions({ selected, clear, onExport, isExporting }: ProductBulkActionsProps) {
  const bulk = useBulkProducts();
  const [pending, setPending] = useState<Pending>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const ids = selected.map((p) => p.id);

  // mutateAsync, not mutate: the bar unmounts once the selection is cleared, and an Undo from the
  // toast comes later still; a promise settles either way.
  function run(
    body: ProductBulkBody,
    message: (updated: number) => string,
    { onDone, undo }: { onDone?: () => void; undo?: (changed: string[]) => void } = {},
  ) {
    const isInDialog = pending !== null;
    bulk.mutateAsync(body).then(
      (result) => {
        onDone?.();
        clear();
        const undoAction = undo && result.ids.length > 0 ? { action: { label: 'Undo', onClick: () => undo(result.ids) } } : {};
        showToast(
          result.updated === 0 ? 'Nothing to change: every selected piece was already so.' : message(result.updated),
          'success',
          undoAction,
        );
      },
      (error: unknown) => {
        if (isInDialog) setDialogError(errorText(error));
        else showToast(errorText(error), 'error');
      },
    );
  }

  function setStatus(status: ProductStatus) {
    if (status === 'ARCHIVED') {
      setDialogError(null);
      setPending({ kind: 'archive' });
      return;
    }
    run({ ids, action: 'SET_STATUS', status }, (n) => `${pieces(n)} set to ${humanize(status)}`);
  }

  const restore = (changed: string[]) => {
    bulk.mutateAsync({ ids: changed, action: 'RESTORE' }).then(
      (result) => showToast(DONE.RESTORE(result.updated)),
      (error: unknown) => showToast(errorText(error), 'error'),
    );
  };

  return (
    <>
      <button
        type="button"
        className={styles.bulkButton}
        onClick={() => run({ ids, action: 'FEATURE' }, DONE.FEATURE)}
        disabled={bulk.isPending}
      >
        Feature
      </button>
      <button
        type="button"
        className={styles.bulkButton}
        onClick={() => run({ ids, action: 'UNFEATURE' }, DONE.UNFEATURE)}
        disabled={bulk.isPending}
      >
        Unfeature
      </button>
      <StatusMenu onChoose={setStatus} isDisabled={bulk.isPending} />
      <button type="button" className={styles.bulkButton} onClick={() => onExport(ids)} disabled={isExporting}>
        Export selection
      </button>
      <button
        type="button"
        className={styles.bulkButton}
        onClick={() => {
          setDialogError(null);
          setPending({ kind: 'delete' });
        }}
        disabled={bulk.isPending}
      >
        Delete
      </button>

      <ConfirmDialog
        isOpen={pending?.kind === 'delete'}
        title={`Move ${pieces(selected.length)} to the Trash?`}
        confirmLabel="Move to Trash"
        isDestructive
        isPending={bulk.isPending}
        error={dialogError}
        onCancel={() => setPending(null)}
        onConfirm={() => run({ ids, action: 'DELETE' }, DONE.DELETE, { onDone: () => setPending(null), undo: restore })}
      >
        <p>They leave the storefront at once. You can restore them from the Trash.</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={pending?.kind === 'archive'}
        title={`Archive ${pieces(selected.length)}?`}
        confirmLabel="Archive"
        isPending={bulk.isPending}
        error={dialogError}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          run({ ids, action: 'SET_STATUS', status: 'ARCHIVED' }, (n) => `${pieces(n)} archived`, { onDone: () => setPending(null) })
        }
      >
        <p>Archived pieces are hidden from the storefront; set them to Active to show them again.</p>
      </ConfirmDialog>
    </>
  );
}

/** 'Set status' → Active / Draft / Archived, as a small menu of buttons. */
function StatusMenu({ onChoose, isDisabled }: { onChoose: (status: ProductStatus) => void; isDisabled: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, close, container, trigger);
  return (
    <div ref={container} className={styles.statusMenu}>
      <button
        ref={trigger}
        type="button"
        className={styles.bulkButton}
        aria-expanded={isOpen}
        aria-controls={menuId}
        disabled={isDisabled}
        onClick={() => setIsOpen((open) => !open)}
      >
        Set status <span aria-hidden="true">▾</span>
      </button>
      {isOpen ? (
        <ul id={menuId} className={styles.statusMenuPanel} aria-label="Set status to">
          {PRODUCT_STATUSES.map((status) => (
            <li key={status}>
              <button
                type="button"
                className={styles.statusMenuItem}
                onClick={() => {
                  close();
                  onChoose(status);
                }}
              >
                {humanize(status)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
