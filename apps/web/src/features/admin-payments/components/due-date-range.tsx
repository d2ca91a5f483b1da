import { useId } from 'react';
import styles from './admin-payments.module.css';

/** 'Due: [from] – [to]' as one quiet filter; a date applies when picked. */
export function DueDateRange({ from, to, onChange }: { from: string; to: string; onChange: (next: { from: string; to: string }) => void }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={styles.range} data-active={from || to ? true : undefined}>
      <span id={`${id}-label`} className={styles.rangeLabel}>
        Due
      </span>
      <label htmlFor={`${id}-from`} className="visually-hidden">
        Due from
      </label>
      <input
        id={`${id}-from`}
        className={styles.rangeInput}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => onChange({ from: event.target.value, to })}
      />
      <span aria-hidden="true" className={styles.muted}>
        –
      </span>
      <label htmlFor={`${id}-to`} className="visually-hidden">
        Due until
      </label>
      <input
        id={`${id}-to`}
        className={styles.rangeInput}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ from, to: event.target.value })}
      />
    </div>
  );
}
