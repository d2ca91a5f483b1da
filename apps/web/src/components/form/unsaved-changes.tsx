import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Guards a form with unsaved changes: leaving through the app (a link, Back) asks first, and
 * closing or reloading the tab gets the browser's own prompt. Render it inside the form's page.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      isDestructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes on this page have not been saved and will be lost.
    </ConfirmDialog>
  );
}

/** For drawers: asks before discarding, with the browser's confirm as the simplest modal-on-modal. */
export function confirmDiscard(isDirty: boolean): boolean {
  return !isDirty || window.confirm('Discard your unsaved changes?');
}
