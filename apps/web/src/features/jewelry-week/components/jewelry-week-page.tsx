import { JEWELRY_WEEK_STATEMENT_MAX as STATEMENT_MAX } from '@mirror/contract/constants';
import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Captcha, isCaptchaEnabled } from '../../../components/form/captcha';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { useSubmitJewelryWeek } from '../api/jewelry-week.mutations';
import { ACCEPT_ATTRIBUTE, MAX_FILES, formatBytes, validateFiles } from '../files';
import type { SubmissionFormValues as FormValues } from '../jewelry-week-schemas';
import styles from './jewelry-week.module.css';

const rules = lazyResolver(() => import('../jewelry-week-schemas').then((m) => m.submissionResolver));
const FIELDS: readonly Path<FormValues>[] = ['name', 'email', 'country', 'website', 'collectionTitle', 'message'];
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function JewelryWeekPage() {
  const submit = useSubmitJewelryWeek();
  const navigate = useNavigate();
  const fileInputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onToken = useCallback((token: string | null) => setCaptchaToken(token), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: rules.resolver, mode: 'onTouched' });

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...files, ...Array.from(event.target.files ?? [])].slice(0, MAX_FILES + 1);
    event.target.value = '';
    setFiles(chosen.slice(0, MAX_FILES));
    setFileError(chosen.length > MAX_FILES ? `At most ${MAX_FILES} files` : null);
  };

  const onSubmit = handleSubmit(
    (values) => {
      setFormError(null);
      const problem = validateFiles(files);
      setFileError(problem);
      if (problem) return;
      if (isCaptchaEnabled() && !captchaToken) {
        setFormError('Please complete the captcha and try again.');
        return;
      }
      setProgress(0);
      submit.mutate(
        { model: values, files, captchaToken: captchaToken ?? undefined, onProgress: setProgress },
        {
          onSuccess: () => {
            void navigate(paths.jewelryWeekSuccess, { state: { name: values.name, email: values.email } });
          },
          onError: (error) => {
            setProgress(null);
            setFormError(applyServerErrors(error, FIELDS, setError, 'model.'));
          },
        },
      );
    },
    () => setFileError(validateFiles(files)),
  );

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className={styles.page}>
      <PageMeta
        title="Mirror in Milan — Digital Jewelry Week"
        description="Independent designers: submit your portfolio for Mirror in Milan, the Maison’s digital jewelry week."
      />
      <header className={styles.hero}>
        <p className="eyebrow">Digital Jewelry Week · Milan</p>
        <h1 id="page-title" className={styles.title}>
          Mirror in <em>Milan</em>
        </h1>
        <p className={styles.lead}>
          Independent designers are invited to present a collection alongside the Maison. Send us your portfolio — up to five images or PDFs
          — and a statement about the work. Our jury answers every designer within four weeks.
        </p>
      </header>
      <form className={styles.form} onSubmit={onSubmit} onFocus={rules.preload} noValidate aria-labelledby="page-title">
        {formError ? (
          <p className={styles.alert} role="alert">
            {formError}
          </p>
        ) : null}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>The designer</legend>
          <div className={styles.row}>
            <Input label="Designer name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          </div>
          <div className={styles.row}>
            <Input label="Country" autoComplete="country-name" error={errors.country?.message} {...register('country')} />
            <Input
              label="Website or portfolio"
              isOptional
              type="url"
              error={errors.website?.message}
              {...register('website', { setValueAs: emptyToUndefined })}
            />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>The collection</legend>
          <Input
            label="Collection title"
            isOptional
            error={errors.collectionTitle?.message}
            {...register('collectionTitle', { setValueAs: emptyToUndefined })}
          />
          <Textarea
            label="Collection statement"
            rows={7}
            counterMax={STATEMENT_MAX}
            hint="What the collection is about, its materials and how it was made."
            error={errors.message?.message}
            {...register('message')}
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Portfolio</legend>
          <div className={styles.drop}>
            <label htmlFor={fileInputId} className={styles.dropLabel}>
              <span className={styles.dropTitle}>Add images or PDFs</span>
              <span className={styles.dropHint}>Up to {MAX_FILES} files, 25 MB each — JPEG, PNG, WebP, AVIF or PDF</span>
            </label>
            <input
              id={fileInputId}
              className={styles.fileInput}
              type="file"
              multiple
              accept={ACCEPT_ATTRIBUTE}
              onChange={onFiles}
              disabled={files.length >= MAX_FILES || submit.isPending}
              aria-describedby={fileError ? `${fileInputId}-error` : undefined}
              aria-invalid={fileError ? true : undefined}
            />
          </div>
          {fileError ? (
            <p id={`${fileInputId}-error`} className={styles.fieldError}>
              {fileError}
            </p>
          ) : null}
          {files.length ? (
            <ul className={styles.files} aria-label="Chosen files">
              {files.map((file, i) => (
                <li key={`${file.name}-${i}`}>
                  <span className={styles.fileName}>{file.name}</span>
                  <span className={styles.fileSize}>{formatBytes(file.size)}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => setFiles(files.filter((_, j) => j !== i))}
                    disabled={submit.isPending}
                    aria-label={`Remove ${file.name}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        <Captcha onToken={onToken} />
        {percent !== null ? (
          <div className={styles.progress}>
            <progress max={100} value={percent} aria-label="Upload progress" data-testid="upload-progress" />
            <span aria-live="polite">{percent < 100 ? `Uploading… ${percent}%` : 'Sending your submission…'}</span>
          </div>
        ) : null}
        <Button type="submit" disabled={submit.isPending} aria-busy={submit.isPending || undefined}>
          {submit.isPending ? 'Submitting…' : 'Submit the portfolio'}
        </Button>
      </form>
    </div>
  );
}
