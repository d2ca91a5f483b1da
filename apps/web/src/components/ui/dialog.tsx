import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import styles from './dialog.module.css';

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** 'wide' for a form with paired fields (42 rem instead of 34). */
  size?: 'regular' | 'wide';
  children: ReactNode;
}

/**
 * Modal dialog on the native <dialog>: focus moves in and is trapped, Escape closes, focus
 * returns to the opener; the browser does all of it.
 */
export function Dialog({ isOpen, onClose, title, size = 'regular', children }: DialogProps) {
  const ref = useModalDialog(isOpen);
  const titleId = useId();

  return (
    // The click below is the backdrop's (pointer only); its keyboard twin is Escape, the native `cancel` handled here.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className={styles.dialog}
      data-size={size}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="1" />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
