import { useId, useState } from 'react';
import styles from './admin-orders.module.css';

export interface RangeFilterProps {
  /** 'Placed', 'Total (€)': the group's name. */
  label: string;
  type: 'date' | 'number';
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onChange: (next: { from: string; to: string }) => void;
}

/**
 * Two bounds as one quiet filter. Dates apply when picked; numbers when the field is left or Enter is
 * pressed (not on every keystroke, which would add a history entry per digit).
 */
export function RangeFilter({ label, type, from, to, fromLabel, toLabel, onChange }: RangeFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  // New bounds from the URL replace the draft (state adjusted while rendering, not in an effect).
  const [bounds, setBounds] = useState({ from, to });
  if (bounds.from !== from || bounds.to !== to) {
    setBounds({ from, to });
    setDraft({ from, to });
  }
  const commit = (next: { from: string; to: string }) => {
    if (next.from !== from || next.to !== to) onChange(next);
  };
  const isActive = from !== '' || to !== '';
  const field = (key: 'from' | 'to', text: string) => (
    <>
      <label htmlFor={`${id}-${key}`} className="visually-hidden">
        {text}
      </label>
      <input
        id={`${id}-${key}`}
        className={styles.rangeInput}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : key === 'to' && draft.from ? draft.from : undefined}
        max={type === 'date' && key === 'from' && draft.to ? draft.to : undefined}
        step={type === 'number' ? 1 : undefined}
        placeholder={type === 'number' ? (key === 'from' ? 'Min' : 'Max') : undefined}
        value={draft[key]}
        onChange={(event) => {
          const next = { ...draft, [key]: event.target.value };
          setDraft(next);
          if (type === 'date') commit(next);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(draft);
        }}
      />
    </>
  );
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={styles.range} data-active={isActive || undefined}>
      <span id={`${id}-label`} className={styles.rangeLabel}>
        {label}
      </span>
      {field('from', fromLabel)}
      <span aria-hidden="true" className={styles.rangeDash}>
        –
      </span>
      {field('to', toLabel)}
    </div>
  );
}
