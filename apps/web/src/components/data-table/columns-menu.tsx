import type { Table } from '@tanstack/react-table';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../layout/use-dismiss';
import styles from './data-table.module.css';

/** Column visibility: a quiet popover with a checkbox per hideable column. */
export function ColumnsMenu<Row>({ table }: { table: Table<Row> }) {
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, close, container, trigger);
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (hideable.length === 0) return null;
  return (
    <div ref={container} className={styles.menu}>
      <button
        ref={trigger}
        type="button"
        className={styles.menuTrigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        Columns
      </button>
      {isOpen ? (
        <div id={panelId} className={styles.menuPanel}>
          <fieldset className={styles.menuFieldset}>
            <legend className={styles.menuLegend}>Visible columns</legend>
            {hideable.map((column) => {
              const header = column.columnDef.header;
              const label = column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
              return (
                <label key={column.id} className={styles.menuItem}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={column.getIsVisible()}
                    onChange={column.getToggleVisibilityHandler()}
                  />
                  {label}
                </label>
              );
            })}
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}
