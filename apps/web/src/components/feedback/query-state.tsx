import type { ReactNode } from 'react';
import { errorText } from '../../lib/errors';
import { Button } from '../ui/button';
import styles from './query-state.module.css';

export interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/** A failed load: the §8 error text and a way to try again. */
export function QueryError({ error, onRetry, title = 'This could not be loaded' }: QueryErrorProps) {
  return (
    <div className={styles.box} role="alert" data-testid="query-error">
      <p className={styles.title}>{title}</p>
      <p className={styles.text}>{errorText(error)}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** Nothing to show: a sentence and the next action. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className={styles.box} data-testid="empty-state">
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.text}>{children}</div> : null}
    </div>
  );
}
