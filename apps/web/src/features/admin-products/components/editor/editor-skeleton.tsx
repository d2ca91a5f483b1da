import { Skeleton } from '../../../../components/ui/skeleton';
import styles from './product-editor.module.css';

function FieldSkeleton({ height = '2.5rem' }: { height?: string }) {
  return (
    <div className={styles.skeletonField}>
      <Skeleton variant="text" width="5rem" height="0.7rem" />
      <Skeleton height={height} />
    </div>
  );
}

/** The editor's layout while the piece and its choices load, so nothing shifts when they arrive. */
export function EditorSkeleton() {
  return (
    <div className={styles.form} data-testid="editor-skeleton" aria-busy="true" aria-label="Loading the piece">
      <div className={styles.columns}>
        <div className={styles.main}>
          <div className={styles.section}>
            <FieldSkeleton />
            <div className={styles.grid2}>
              <FieldSkeleton />
              <FieldSkeleton />
            </div>
            <FieldSkeleton height="9rem" />
          </div>
          <div className={styles.section}>
            <Skeleton height="7rem" />
          </div>
          <div className={styles.section}>
            <div className={styles.grid3}>
              <FieldSkeleton />
              <FieldSkeleton />
              <FieldSkeleton />
            </div>
          </div>
        </div>
        <div className={styles.side}>
          {[2, 3, 1, 4].map((count, i) => (
            <div key={i} className={styles.section}>
              {Array.from({ length: count }, (_, j) => (
                <FieldSkeleton key={j} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
