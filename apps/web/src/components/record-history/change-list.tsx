import type { AuditChange } from '@mirror/contract';
import { changeLines } from './audit-format';
import styles from './record-history.module.css';

/** An event's changed fields, one line each: 'Price: €1,500 → €1,820'. `limit` shows the first few and a count of the rest. */
export function ChangeList({ changes, limit }: { changes: Record<string, AuditChange>; limit?: number }) {
  const lines = changeLines(changes);
  if (lines.length === 0) return null;
  const shown = limit === undefined ? lines : lines.slice(0, limit);
  const rest = lines.length - shown.length;
  return (
    <ul className={styles.changes}>
      {shown.map((line) => (
        <li key={line.field}>
          <span className={styles.field}>{line.label}:</span> {line.from === null ? line.to : `${line.from} → ${line.to}`}
        </li>
      ))}
      {rest > 0 ? (
        <li className={styles.field}>
          and {rest} more {rest === 1 ? 'field' : 'fields'}
        </li>
      ) : null}
    </ul>
  );
}
