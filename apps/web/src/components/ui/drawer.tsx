import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import styles from './drawer.module.css';

export interface DrawerProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** Optional line under the title. */
  description?: ReactNode;
  children: ReactNode;
  /** Sticky footer, the primary action on the right. */
  footer?: ReactNode;
  width?: 'regular' | 'wide';
}

/**
 * A panel from the right for quick edits (docs/design.md: drawers of 480–640 px), on the native modal
 * <dialog>: focus is trapped and returns to the opener, Escape closes. The caller decides whether
 * closing is allowed (unsaved changes) in `onClose`.
 */
export function Drawer({ isOpen, onClose, title, description, children, footer, width = 'regular' }: DrawerProps) {
  const ref = useModalDialog(isOpen);
  const titleId = useId();

  return (
    // The click below is the backdrop's (pointer only); its keyboard twin is Escape, the native `cancel` handled here.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className={[styles.drawer, width === 'wide' && styles.wide].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="1" />
            </svg>
          </button>
        </header>
        <div className={styles.body}>{isOpen ? children : null}</div>
        {footer && isOpen ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </dialog>
  );
}
