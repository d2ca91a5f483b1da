import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/errors';
import { formatCount } from '../../../lib/format';
import { downloadProductsCsv, saveBlob, type ExportProgress, type ExportRequest } from '../api/admin-products.export';
import { pieces } from './bulk-actions';
import styles from './admin-products.module.css';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One CSV export at a time: progress as it streams, Cancel, then the file saved under the server's name. */
export function useCsvExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastPaint = useRef(0);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: Omit<ExportRequest, 'onProgress' | 'signal'>) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ bytes: 0, rows: 0, totalRows: null });
    try {
      const file = await downloadProductsCsv({
        ...request,
        signal: abort.signal,
        onProgress: (next) => {
          // A large export sends thousands of chunks: repaint a few times a second.
          const now = performance.now();
          if (now - lastPaint.current < 120) return;
          lastPaint.current = now;
          setProgress(next);
        },
      });
      saveBlob(file.blob, file.fileName);
      showToast(`Exported ${pieces(file.rows)} to ${file.fileName}`);
    } catch (error) {
      if (!abort.signal.aborted) showToast(`The export failed: ${errorText(error)}`, 'error');
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    showToast('Export cancelled', 'info');
  }, []);

  return { progress, isRunning: progress !== null, start, cancel };
}

/** 'Exporting… 1,200 of 5,000 rows · 412 KB' with a bar and Cancel. */
export function ExportProgressBar({ progress, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  const { rows, totalRows, bytes } = progress;
  const text = `${formatCount(rows)}${totalRows !== null ? ` of ${formatCount(totalRows)}` : ''} rows · ${formatBytes(bytes)}`;
  return (
    <div className={styles.progressRow} role="status" aria-live="polite" data-testid="export-progress">
      <span className={styles.progressLabel}>Exporting CSV…</span>
      <progress
        className={styles.progress}
        aria-label="Export progress"
        max={totalRows || undefined}
        value={totalRows ? Math.min(rows, totalRows) : undefined}
      />
      <span className={styles.progressText}>{text}</span>
      <button type="button" className={styles.linkButton} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
