import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { ProductImportReport } from '@mirror/contract';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { showToast } from '../../../components/ui/toast';
import { ApiError, errorText, type FieldIssue } from '../../../lib/errors';
import { formatCount } from '../../../lib/format';
import { useImportProducts } from '../api/admin-products.mutations';
import { csvWithoutRows } from '../csv';
import { pieces } from './bulk-actions';
import { formatBytes } from './csv-export';
import styles from './admin-products.module.css';

/**
 * The API's limit (IMPORT_MAX_BYTES in products.routes.ts), which answers 413 beyond it. Checked here
 * too because a browser whose upload is cut off at the limit may see a reset connection, not the answer.
 */
const IMPORT_MAX_BYTES = 20 * 1_048_576;

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; mode: 'dry-run' | 'apply'; file: File; sent: number; total: number }
  | { kind: 'report'; file: File; report: ProductImportReport }
  | { kind: 'failed'; file: File | null; message: string; details: FieldIssue[] };

function rowsWord(n: number): string {
  return n === 1 ? '1 row' : `${formatCount(n)} rows`;
}

/** Rows the report names that can be left out of the file (none when the header itself is at fault or the list was cut short). */
function skippableRows(report: ProductImportReport): Set<number> | null {
  if (report.errorCount === 0) return new Set();
  if (report.errors.length < report.errorCount) return null;
  const rows = new Set(report.errors.map((e) => e.row));
  if ([...rows].some((row) => row < 2)) return null;
  return rows;
}

export interface ImportDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Import CSV: choose or drop a file → a dry run reports what would happen (rows to create, to update
 * by SKU, and every bad row with its line, column and reason) → Apply writes it all in one
 * transaction. Bad rows can be left out: the file is sent again without them.
 */
export function ImportDrawer({ isOpen, onClose }: ImportDrawerProps) {
  const importer = useImportProducts();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [isDragging, setIsDragging] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const inputId = useId();
  const hintId = useId();

  // Closing cancels what is in flight and starts over next time (the step adjusted while rendering).
  useEffect(() => {
    if (!isOpen) controller.current?.abort();
  }, [isOpen]);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (!isOpen) setStep({ kind: 'choose' });
  }

  async function send(file: File, mode: 'dry-run' | 'apply', skipped = 0) {
    const abort = new AbortController();
    controller.current = abort;
    setStep({ kind: 'uploading', mode, file, sent: 0, total: file.size });
    try {
      const report = await importer.mutateAsync({
        file,
        mode,
        signal: abort.signal,
        onProgress: ({ loaded, total }) => setStep({ kind: 'uploading', mode, file, sent: loaded, total }),
      });
      if (mode === 'apply') {
        const skippedText = skipped > 0 ? `; ${rowsWord(skipped)} left out` : '';
        showToast(`Import done: ${pieces(report.toCreate)} created, ${pieces(report.toUpdate)} updated${skippedText}.`);
        onClose();
        return;
      }
      setStep({ kind: 'report', file, report });
    } catch (error) {
      if (abort.signal.aborted) {
        setStep({ kind: 'choose' });
        return;
      }
      setStep({ kind: 'failed', file, message: errorText(error), details: error instanceof ApiError ? error.details : [] });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  async function apply(file: File, report: ProductImportReport) {
    const rows = skippableRows(report);
    if (!rows) return;
    if (rows.size === 0) return send(file, 'apply');
    const text = await file.text();
    const trimmed = new File([csvWithoutRows(text, rows)], file.name, { type: 'text/csv' });
    return send(trimmed, 'apply', rows.size);
  }

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setStep({
        kind: 'failed',
        file,
        message: `The file is larger than the ${IMPORT_MAX_BYTES / 1_048_576} MB limit. Split it into smaller files.`,
        details: [],
      });
      return;
    }
    void send(file, 'dry-run');
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const isBusy = step.kind === 'uploading';
  const close = () => {
    controller.current?.abort();
    onClose();
  };

  let footer = null;
  if (step.kind === 'report') {
    const { report, file } = step;
    const rows = skippableRows(report);
    const good = report.toCreate + report.toUpdate;
    const canApply = rows !== null && good > 0;
    footer = (
      <div className={styles.drawerFooter}>
        <Button variant="ghost" size="small" onClick={() => setStep({ kind: 'choose' })}>
          Choose another file
        </Button>
        <Button size="small" disabled={!canApply} onClick={() => void apply(file, report)}>
          {report.errorCount > 0
            ? `Apply ${rowsWord(good)}, leave out ${rowsWord(rows?.size ?? report.errorCount)}`
            : `Apply ${rowsWord(good)}`}
        </Button>
      </div>
    );
  }

  return (
    <Drawer
      isOpen={isOpen}
      onClose={close}
      title="Import CSV"
      description="Create pieces and update them by SKU from a spreadsheet."
      width="wide"
      footer={footer}
    >
      <div className={styles.importBody}>
        {step.kind === 'choose' || step.kind === 'failed' ? (
          <>
            <div
              className={styles.dropZone}
              data-dragging={isDragging || undefined}
              onDragOver={(event) => {
                event.preventDefault();
                setIsDragging(true);
              }}
              onDragLeave={() => setIsDragging(false)}
              onDrop={onDrop}
            >
              <p className={styles.dropTitle}>Drop a .csv file here</p>
              <p className={styles.dropOr}>or</p>
              <label htmlFor={inputId} className={styles.fileLabel}>
                Choose a CSV file
              </label>
              <input
                id={inputId}
                className="visually-hidden"
                type="file"
                accept=".csv,text/csv"
                aria-describedby={hintId}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </div>
            <p id={hintId} className={styles.hint}>
              The columns the export writes (sku, name, metalType, category or categoryId, price or priceMin and priceMax, …). Rows whose
              SKU exists update that piece; the others create pieces. Up to 20 MB, UTF-8. Nothing is written before you apply.
            </p>
            {step.kind === 'failed' ? (
              <div className={styles.importError} role="alert">
                <p className={styles.importErrorTitle}>
                  {step.file ? `${step.file.name} could not be imported` : 'The file could not be imported'}
                </p>
                <p>{step.message}</p>
                {step.details.length > 0 ? (
                  <ul className={styles.importErrorList}>
                    {step.details.slice(0, 20).map((detail, index) => (
                      <li key={index}>
                        {detail.path}: {detail.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </>
        ) : null}

        {step.kind === 'uploading' ? (
          <div className={styles.uploading} role="status" aria-live="polite">
            <p>
              {step.mode === 'dry-run' ? 'Checking' : 'Importing'} <strong>{step.file.name}</strong>
            </p>
            <progress className={styles.progress} aria-label="Upload progress" max={step.total || 1} value={step.sent} />
            <p className={styles.progressText}>
              {step.sent >= step.total
                ? step.mode === 'dry-run'
                  ? 'Uploaded; reading the rows…'
                  : 'Uploaded; writing the pieces…'
                : `${formatBytes(step.sent)} of ${formatBytes(step.total)}`}
            </p>
            <Button variant="ghost" size="small" onClick={() => controller.current?.abort()} disabled={!isBusy}>
              Cancel
            </Button>
          </div>
        ) : null}

        {step.kind === 'report' ? <ImportReport fileName={step.file.name} report={step.report} /> : null}
      </div>
    </Drawer>
  );
}

function ImportReport({ fileName, report }: { fileName: string; report: ProductImportReport }) {
  const rows = skippableRows(report);
  return (
    <section className={styles.report} aria-label="Dry run report">
      <p className={styles.reportFile}>
        {fileName}: {rowsWord(report.rows)} read. Nothing has been written yet.
      </p>
      <dl className={styles.reportFigures}>
        <div>
          <dt>To create</dt>
          <dd data-testid="import-create">{formatCount(report.toCreate)}</dd>
        </div>
        <div>
          <dt>To update by SKU</dt>
          <dd data-testid="import-update">{formatCount(report.toUpdate)}</dd>
        </div>
        <div>
          <dt>With problems</dt>
          <dd data-testid="import-errors" data-tone={report.errorCount > 0 ? 'error' : undefined}>
            {formatCount(report.errorCount)}
          </dd>
        </div>
      </dl>
      {report.errorCount > 0 ? (
        <>
          <p className={styles.reportNote}>
            {rows
              ? `Fix these rows in the file and choose it again, or apply the rest: the rows below are left out.`
              : report.errors.length < report.errorCount
                ? `Only the first ${formatCount(report.errors.length)} problems are listed. Fix the file and choose it again.`
                : 'The header row is at fault. Fix the file and choose it again.'}
          </p>
          {/* Scrolls when there are many: focusable, so the keyboard can scroll it too. */}
          <ScrollRegion className={styles.reportScroller} label="Rows with problems, scrollable">
            <table className={styles.reportTable}>
              <caption className="visually-hidden">Rows with problems</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((error, index) => (
                  <tr key={`${error.line}-${error.column ?? ''}-${index}`}>
                    <td className={styles.num}>{error.line}</td>
                    <td>{error.column ?? '—'}</td>
                    <td>{error.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
    </section>
  );
}
