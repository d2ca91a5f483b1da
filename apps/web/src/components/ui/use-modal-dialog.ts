import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `isOpen`: the browser traps focus, closes on
 * Escape (the caller handles `cancel`) and returns focus to the opener.
 */
export function useModalDialog(isOpen: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);
  return ref;
}
