import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { useCreateParty, useUpdateParty } from '../api/admin-parties.mutations';
import { partyFacetsQuery } from '../api/admin-parties.queries';
import {
  PARTY_FORM_FIELDS,
  PARTY_FORM_SCHEMAS,
  changedFields,
  toFormValues,
  type PartyFormOutput,
  type PartyFormValues,
} from '../party-form';
import { PARTY_KINDS, VENDOR_TYPE_OPTIONS, partyImageUrl, partyName, type Party, type PartyKind } from '../party-kinds';
import { AccountField } from './account-field';
import { ImageField } from './image-field';
import styles from './admin-parties.module.css';

export interface PartyEditorProps {
  kind: PartyKind;
  /** Undefined on /new. */
  party?: Party;
  /** After a create, once the form is clean (so the unsaved-changes guard lets the page move on). */
  onCreated?: (created: Party) => void;
}

/** Every field of the contract's create/update body; server details land on their fields. */
export function PartyEditor({ kind, party, onCreated }: PartyEditorProps) {
  const config = PARTY_KINDS[kind];
  const isNew = !party;
  const formId = useId();
  const create = useCreateParty(kind);
  const update = useUpdateParty(kind);
  const facets = useQuery({ ...partyFacetsQuery(kind), enabled: kind === 'designer' });
  const [baseline, setBaseline] = useState<PartyFormValues>(() => toFormValues(kind, party));
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Party | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(party ? partyImageUrl(party) : null);
  const resolver = zodResolver(PARTY_FORM_SCHEMAS[kind]) as unknown as Resolver<PartyFormValues, unknown, PartyFormOutput>;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PartyFormValues, unknown, PartyFormOutput>({ resolver, defaultValues: baseline, mode: 'onTouched' });
  const errorOf = (name: string) => errors[name]?.message;

  useEffect(() => {
    if (created && !isDirty) onCreated?.(created);
  }, [created, isDirty, onCreated]);

  function saved(values: PartyFormValues) {
    setBaseline(values);
    reset(values);
  }

  const onSubmit = handleSubmit(async (output) => {
    setFormError(null);
    const values = getValues();
    try {
      if (isNew) {
        const result = await create.mutateAsync(output);
        saved(toFormValues(kind, result));
        showToast(`“${partyName(result)}” is created`);
        setCreated(result);
        return;
      }
      const patch = changedFields(baseline, values, output);
      if (Object.keys(patch).length === 0) {
        saved(values);
        return;
      }
      const result = await update.mutateAsync({ id: party.id, patch });
      saved(toFormValues(kind, result));
      setImageUrl(partyImageUrl(result));
      showToast(`${config.noun === 'designer' ? 'Designer' : 'Vendor'} saved`);
    } catch (error) {
      setFormError(applyServerErrors<PartyFormValues>(error, PARTY_FORM_FIELDS[kind], setError));
    }
  });

  const isBusy = isSubmitting || create.isPending || update.isPending;
  const imageField = kind === 'designer' ? 'avatarKey' : 'logoKey';
  const specialtiesId = `${formId}-specialties`;
  return (
    <>
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
          {kind === 'designer' ? (
            <>
              <Input label="Name" autoComplete="off" error={errorOf('displayName')} {...register('displayName')} />
              <Input
                label="Code"
                autoComplete="off"
                spellCheck={false}
                hint="Unique, e.g. AMARA; letters, digits, . _ -"
                error={errorOf('code')}
                {...register('code')}
              />
              <Input
                label="Specialty"
                autoComplete="off"
                list={specialtiesId}
                hint="e.g. High jewelry"
                error={errorOf('specialty')}
                {...register('specialty')}
              />
              <datalist id={specialtiesId}>
                {(facets.data?.specialties ?? []).map((s) => (
                  <option key={s.value} value={s.value} />
                ))}
              </datalist>
              <Input
                label="Country"
                isOptional
                autoComplete="off"
                hint="Two-letter code, e.g. FR"
                error={errorOf('country')}
                {...register('country')}
              />
            </>
          ) : (
            <>
              <Input label="Name" autoComplete="off" error={errorOf('name')} {...register('name')} />
              <Input
                label="Code"
                autoComplete="off"
                spellCheck={false}
                hint="Unique, e.g. MIR-ATL; letters, digits, . _ -"
                error={errorOf('code')}
                {...register('code')}
              />
              <Select label="Type" options={VENDOR_TYPE_OPTIONS} error={errorOf('type')} {...register('type')} />
              <Input
                label="Country"
                autoComplete="off"
                hint="Two-letter code, e.g. FR"
                error={errorOf('country')}
                {...register('country')}
              />
            </>
          )}
          <Input label="Email" isOptional type="email" autoComplete="off" error={errorOf('email')} {...register('email')} />
          <Input
            label="Website"
            isOptional
            type="url"
            autoComplete="off"
            placeholder="https://"
            error={errorOf('website')}
            {...register('website')}
          />
          {kind === 'designer' ? (
            <Textarea label="Biography" isOptional rows={5} className={styles.spanAll} error={errorOf('bio')} {...register('bio')} />
          ) : (
            <Textarea
              label="Description"
              isOptional
              rows={5}
              className={styles.spanAll}
              error={errorOf('description')}
              {...register('description')}
            />
          )}
          <div className={styles.spanAll}>
            <ImageField
              kind={kind}
              label={config.imageLabel}
              url={watch(imageField) ? imageUrl : null}
              error={errorOf(imageField)}
              onChange={(key, url) => {
                setImageUrl(url);
                setValue(imageField, key, { shouldDirty: true, shouldValidate: true });
              }}
            />
          </div>
          <div className={styles.spanAll}>
            <AccountField
              role={config.role}
              noun={config.noun}
              userId={String(watch('userId'))}
              error={errorOf('userId')}
              onChange={(userId) => setValue('userId', userId, { shouldDirty: true, shouldValidate: true })}
            />
          </div>
          {isNew ? (
            <fieldset className={`${styles.fieldset} ${styles.spanAll}`}>
              <legend className={styles.legend}>Status</legend>
              <div className={styles.checks}>
                <label className={styles.checkField}>
                  <input type="checkbox" className={styles.checkbox} {...register('isActive')} />
                  Active (shown on the site)
                </label>
                <label className={styles.checkField}>
                  <input type="checkbox" className={styles.checkbox} {...register('isVerified')} />
                  Verified
                </label>
                <label className={styles.checkField}>
                  <input type="checkbox" className={styles.checkbox} {...register('isFeatured')} />
                  Featured
                </label>
              </div>
            </fieldset>
          ) : null}
        </div>
        <div className={styles.saveBar}>
          <p className={styles.saveState} role="status">
            {isBusy ? 'Saving…' : isDirty ? 'Unsaved changes' : isNew ? '' : 'All changes saved'}
          </p>
          <Button type="submit" size="small" disabled={isBusy || (!isNew && !isDirty)} aria-busy={isBusy || undefined}>
            {isNew ? `Create ${config.noun}` : 'Save'}
          </Button>
        </div>
      </form>
    </>
  );
}
