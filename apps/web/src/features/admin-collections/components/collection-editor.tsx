import { zodResolver } from '@hookform/resolvers/zod';
import { COLLECTION_SEASONS, type Collection } from '@mirror/contract';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { humanize } from '../../../lib/format';
import { useCreateCollection, useUpdateCollection } from '../api/admin-collections.mutations';
import {
  COLLECTION_FORM_FIELDS,
  CollectionFormSchema,
  changedFields,
  toFormValues,
  type CollectionFormInput,
  type CollectionFormValues,
} from '../collection-form';
import styles from './admin-collections.module.css';

const SEASON_OPTIONS = COLLECTION_SEASONS.map((season) => ({ value: season, label: humanize(season) }));

export interface CollectionEditorProps {
  /** Undefined on /new. */
  collection?: Collection;
  /** After a create, once the form is clean (so the unsaved-changes guard lets the page move on). */
  onCreated?: (created: Collection) => void;
}

/** Name, year, season, description, featured — react-hook-form on the contract's rules, server details on the fields. */
export function CollectionEditor({ collection, onCreated }: CollectionEditorProps) {
  const isNew = !collection;
  const formId = useId();
  const create = useCreateCollection();
  const update = useUpdateCollection(collection?.id ?? '');
  const [baseline, setBaseline] = useState<CollectionFormValues>(() => toFormValues(collection));
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Collection | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CollectionFormInput, unknown, CollectionFormValues>({
    resolver: zodResolver(CollectionFormSchema),
    defaultValues: baseline,
    mode: 'onTouched',
  });

  useEffect(() => {
    if (created && !isDirty) onCreated?.(created);
  }, [created, isDirty, onCreated]);

  function saved(values: CollectionFormValues) {
    setBaseline(values);
    reset(values);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (isNew) {
        const result = await create.mutateAsync({ ...values, name: values.name.trim(), description: values.description.trim() });
        saved(toFormValues(result));
        showToast(`“${result.name}” is created. Add its pieces below.`);
        setCreated(result);
        return;
      }
      const patch = changedFields(baseline, values);
      if (Object.keys(patch).length === 0) {
        saved(values);
        return;
      }
      const result = await update.mutateAsync(patch);
      saved(toFormValues(result));
      showToast('Collection saved');
    } catch (error) {
      setFormError(applyServerErrors<CollectionFormInput>(error, COLLECTION_FORM_FIELDS, setError));
    }
  });

  const isBusy = isSubmitting || create.isPending || update.isPending;
  return (
    <>
      {/* A sibling of the form: its dialog holds a form of its own. */}
      <UnsavedChangesGuard isDirty={isDirty && !created} />
      <form className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`} className={styles.sectionTitle}>
          Details
        </h2>
        {formError ? (
          <p className={styles.formAlert} role="alert">
            {formError}
          </p>
        ) : null}
        <div className={styles.fields}>
          <Input label="Name" autoComplete="off" className={styles.spanAll} error={errors.name?.message} {...register('name')} />
          <Input
            label="Year"
            type="number"
            inputMode="numeric"
            min={1900}
            max={2200}
            step={1}
            error={errors.year?.message}
            {...register('year', { valueAsNumber: true })}
          />
          <Select label="Season" options={SEASON_OPTIONS} error={errors.season?.message} {...register('season')} />
          <Textarea
            label="Description"
            rows={5}
            isOptional
            className={styles.spanAll}
            hint="The collection's story, shown at the top of its page on the site."
            error={errors.description?.message}
            {...register('description')}
          />
          <div className={`${styles.checkField} ${styles.spanAll}`}>
            <input
              id={`${formId}-featured`}
              type="checkbox"
              className={styles.checkbox}
              aria-describedby={`${formId}-featured-hint`}
              {...register('isFeatured')}
            />
            <label htmlFor={`${formId}-featured`}>Featured</label>
            <p id={`${formId}-featured-hint`} className={styles.secondary}>
              Featured collections lead the home page and the collections index.
            </p>
          </div>
        </div>
        <div className={styles.saveBar}>
          <p className={styles.saveState} role="status">
            {isBusy ? 'Saving…' : isDirty ? 'Unsaved changes' : isNew ? '' : 'All changes saved'}
          </p>
          <Button type="submit" size="small" disabled={isBusy || (!isNew && !isDirty)} aria-busy={isBusy || undefined}>
            {isNew ? 'Create collection' : 'Save'}
          </Button>
        </div>
      </form>
    </>
  );
}
