import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions are drawn in the muted red and separated from the safe choice. */
  isDestructive?: boolean;
  /** The person must type this text (e.g. the SKU) before the action is possible. */
  confirmText?: string;
  isPending?: boolean;
  /** A failure of the action, shown in the dialog (it stays open). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive or irreversible action; Escape and the backdrop cancel. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isDestructive = false,
  confirmText,
  isPending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  // Closing forgets what was typed (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (!isOpen) setTyped('');
  }
  const isTypedOk = confirmText === undefined || typed.trim() === confirmText;
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={title}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (isTypedOk && !isPending) onConfirm();
        }}
      >
        {children ? <div className={styles.text}>{children}</div> : null}
        {confirmText !== undefined ? (
          <div className={styles.typed}>
            <label htmlFor={inputId} className={styles.label}>
              Type <strong className={styles.code}>{confirmText}</strong> to confirm
            </label>
            <input
              id={inputId}
              className={styles.input}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="ghost" size="small" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            size="small"
            className={isDestructive ? styles.destructive : undefined}
            disabled={!isTypedOk || isPending}
            aria-busy={isPending || undefined}
          >
            {isPending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
