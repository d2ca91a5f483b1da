import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

export interface ToastOptions {
  /** A button in the toast (e.g. Undo); the toast stays longer so a person can reach it. */
  action?: ToastAction;
  durationMs?: number;
}

const TOAST_MS = 5_000;
const ACTION_TOAST_MS = 10_000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a message in a polite live region: announced, never stealing focus. */
export function showToast(message: string, tone: ToastTone = 'success', options: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone, action: options.action }].slice(-3);
  emit();
  setTimeout(() => dismissToast(id), options.durationMs ?? (options.action ? ACTION_TOAST_MS : TOAST_MS));
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <ol className={styles.region} aria-live="polite" aria-label="Notifications">
      {items.map((toast) => (
        // The role sits inside the <li>: a list may only hold list items (axe: list).
        <li key={toast.id}>
          <div
            className={[styles.toast, toast.tone === 'error' && styles.error].filter(Boolean).join(' ')}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <span className={styles.message}>{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  dismissToast(toast.id);
                  toast.action?.onClick();
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
            <button type="button" className={styles.dismiss} aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
              ×
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
