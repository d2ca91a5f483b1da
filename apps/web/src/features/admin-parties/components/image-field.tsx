import { UPLOAD_CONTENT_TYPES } from '@mirror/contract';
import { useId } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { errorText } from '../../../lib/errors';
import { useUploadPartyImage } from '../api/admin-parties.mutations';
import type { PartyKind } from '../party-kinds';
import styles from './admin-parties.module.css';

const IMAGE_TYPES = UPLOAD_CONTENT_TYPES.filter((t) => t.startsWith('image/')).join(',');

export interface ImageFieldProps {
  kind: PartyKind;
  label: string;
  /** The current image, or null. */
  url: string | null;
  error?: string | undefined;
  /** A new key (and its address), or '' / null to remove it. */
  onChange: (key: string, url: string | null) => void;
}

/** A portrait or logo: uploaded through the files API; the form keeps its storage key. */
export function ImageField({ kind, label, url, error, onChange }: ImageFieldProps) {
  const id = useId();
  const upload = useUploadPartyImage(kind);
  const problem = error ?? (upload.error ? errorText(upload.error) : undefined);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        {label}
        <span className={styles.optional}>optional</span>
      </legend>
      <div className={styles.current}>
        {url ? (
          <img className={styles.image} src={url} alt={`Current ${label.toLowerCase()}`} width={64} height={64} />
        ) : (
          <span className={styles.image} aria-hidden="true" />
        )}
        {/* The native control stays (keyboard, screen readers); the label is what people see and click. */}
        <input
          id={`${id}-file`}
          className={`${styles.fileInput} visually-hidden`}
          type="file"
          accept={IMAGE_TYPES}
          disabled={upload.isPending}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (uploaded) => onChange(uploaded.key, uploaded.derivatives.find((d) => d.width >= 128)?.url ?? uploaded.url),
            });
          }}
        />
        <label htmlFor={`${id}-file`} className={buttonClassName({ variant: 'secondary', size: 'small' }, styles.fileButton)}>
          {url ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}
        </label>
        {upload.isPending ? (
          <span className={styles.secondary} role="status">
            Uploading…
          </span>
        ) : null}
        {url && !upload.isPending ? (
          <button type="button" className={styles.textButton} onClick={() => onChange('', null)}>
            Remove
          </button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
