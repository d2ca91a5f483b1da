import { zodResolver } from '@hookform/resolvers/zod';
import { LOCATION_SERVICES, LOCATION_TYPES, type Location } from '@mirror/contract';
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/errors';
import { humanize } from '../../../lib/format';
import { useCreateLocation, useUpdateLocation } from '../api/admin-locations.mutations';
import { validCoordinates } from '../geo';
import { problemsByDay, problemsFromFormErrors } from '../hours';
import {
  LOCATION_FORM_FIELDS,
  LocationFormSchema,
  changedFields,
  toCreateBody,
  toFormValues,
  type LocationFormInput,
  type LocationFormValues,
} from '../location-form';
import { HoursEditor, hoursInputId } from './hours-editor';
import styles from './admin-locations.module.css';

// The map and its country outlines load with the editor only, never with the site.
const LocationMap = lazy(() => import('./location-map'));

const TYPE_OPTIONS = LOCATION_TYPES.map((type) => ({ value: type, label: humanize(type) }));
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export interface LocationEditorProps {
  /** Undefined on /new. */
  location?: Location;
  /** After a create, once the form is clean (so the unsaved-changes guard lets the page move on). */
  onCreated?: (created: Location) => void;
}

/** Every field of a location, on the contract's rules; the API's 400 details land on their field or weekday. */
export function LocationEditor({ location, onCreated }: LocationEditorProps) {
  const isNew = !location;
  const formId = useId();
  const create = useCreateLocation();
  const update = useUpdateLocation(location?.id ?? '');
  const [baseline, setBaseline] = useState<LocationFormValues>(() => toFormValues(location));
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Location | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<LocationFormInput, unknown, LocationFormValues>({
    resolver: zodResolver(LocationFormSchema),
    defaultValues: baseline,
    mode: 'onTouched',
  });
  const closures = useFieldArray({ control, name: 'closures' });

  useEffect(() => {
    if (created && !isDirty) onCreated?.(created);
  }, [created, isDirty, onCreated]);

  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const country = watch('country');
  const point = useMemo(() => validCoordinates(latitude, longitude), [latitude, longitude]);
  const hourProblems = problemsFromFormErrors(errors.openingHours);

  function saved(values: LocationFormValues) {
    setBaseline(values);
    reset(values);
  }

  /** The API's details: hours on their weekday and range, closures on their row, the rest on their field. */
  function showServerErrors(error: unknown) {
    const isNested = (path: string) => path.startsWith('openingHours.') || /^closures\.\d+\./.test(path);
    if (!(error instanceof ApiError) || !error.details.some((d) => isNested(d.path))) {
      setFormError(applyServerErrors<LocationFormInput>(error, LOCATION_FORM_FIELDS, setError));
      return;
    }
    const nested = error.details.filter((d) => isNested(d.path));
    const hours = nested.filter((d) => d.path.startsWith('openingHours.'));
    const rest = error.details.filter((d) => !isNested(d.path));
    for (const detail of nested)
      setError(
        detail.path as Path<LocationFormInput>,
        { type: 'server', message: detail.message },
        { shouldFocus: detail.path.startsWith('closures.') },
      );
    const rangeProblem = Object.entries(problemsByDay(hours).byDay).find(([, p]) => Object.keys(p.ranges).length > 0);
    if (rangeProblem) {
      const [day, problems] = rangeProblem;
      const [index, fields] = Object.entries(problems.ranges)[0]!;
      document.getElementById(hoursInputId(formId, day as never, Number(index), fields.open ? 'open' : 'close'))?.focus();
    }
    setFormError(
      rest.length
        ? applyServerErrors<LocationFormInput>(
            new ApiError(error.message, { status: error.status, code: error.code, details: rest }),
            LOCATION_FORM_FIELDS,
            setError,
          )
        : 'Check the fields marked below.',
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (isNew) {
        const result = await create.mutateAsync(toCreateBody(values));
        saved(toFormValues(result));
        showToast(`“${result.name}” is created`);
        setCreated(result);
        return;
      }
      const patch = changedFields(baseline, values);
      if (Object.keys(patch).length === 0) {
        saved(values);
        return;
      }
      const result = await update.mutateAsync(patch);
      saved({ ...toFormValues(result), isActive: values.isActive });
      showToast('Location saved');
    } catch (error) {
      showServerErrors(error);
    }
  });

  const isBusy = isSubmitting || create.isPending || update.isPending;
  return (
    <>
      <UnsavedChangesGuard isDirty={isDirty && !created} />
      <form className={styles.editor} onSubmit={onSubmit} noValidate aria-label={isNew ? 'New location' : `Edit ${location.name}`}>
        {formError ? (
          <p className={styles.formAlert} role="alert">
            {formError}
          </p>
        ) : null}

        <section className={styles.section} aria-labelledby={`${formId}-details`}>
          <h2 id={`${formId}-details`} className={styles.sectionTitle}>
            Details
          </h2>
          <div className={styles.fields}>
            <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
            <Select label="Type" options={TYPE_OPTIONS} error={errors.type?.message} {...register('type')} />
            <Textarea
              label="Description"
              rows={3}
              isOptional
              className={styles.spanAll}
              error={errors.description?.message}
              {...register('description')}
            />
            <fieldset className={`${styles.checkGroup} ${styles.spanAll}`}>
              <legend className={styles.groupLabel}>Services</legend>
              <div className={styles.checkGrid}>
                {LOCATION_SERVICES.map((service) => (
                  <label key={service} className={styles.checkLabel}>
                    <input type="checkbox" className={styles.checkbox} value={service} {...register('services')} />
                    {humanize(service)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className={`${styles.checkLabel} ${styles.spanAll}`}>
              <input type="checkbox" className={styles.checkbox} {...register('isAppointmentBookable')} />
              Clients can book an appointment here
            </label>
            {isNew ? (
              <label className={`${styles.checkLabel} ${styles.spanAll}`}>
                <input type="checkbox" className={styles.checkbox} {...register('isActive')} />
                Show on the site once created
              </label>
            ) : null}
          </div>
        </section>

        <section className={styles.section} aria-labelledby={`${formId}-address`}>
          <h2 id={`${formId}-address`} className={styles.sectionTitle}>
            Address
          </h2>
          <div className={styles.fields}>
            <Input label="Address" autoComplete="off" className={styles.spanAll} error={errors.address?.message} {...register('address')} />
            <Input label="Postal code" autoComplete="off" isOptional error={errors.postalCode?.message} {...register('postalCode')} />
            <Input label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
            <Input label="Country" autoComplete="off" error={errors.country?.message} {...register('country')} />
            <Input
              label="Country code"
              autoComplete="off"
              maxLength={2}
              hint="Two letters, e.g. FR"
              className={styles.upper}
              error={errors.countryCode?.message}
              {...register('countryCode', {
                // The input's value: always a string.
                setValueAs: (value: string) => value.trim().toUpperCase(),
              })}
            />
            <Input
              label="Time zone"
              autoComplete="off"
              list={`${formId}-zones`}
              hint="The hours are in this zone, e.g. Europe/Paris"
              className={styles.spanAll}
              error={errors.timezone?.message}
              {...register('timezone')}
            />
            <datalist id={`${formId}-zones`}>
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
        </section>

        <section className={styles.section} aria-labelledby={`${formId}-place`}>
          <h2 id={`${formId}-place`} className={styles.sectionTitle}>
            Place on the map
          </h2>
          <div className={styles.fields}>
            <Input
              label="Latitude"
              type="number"
              inputMode="decimal"
              step="any"
              min={-90}
              max={90}
              error={errors.latitude?.message}
              {...register('latitude', { valueAsNumber: true })}
            />
            <Input
              label="Longitude"
              type="number"
              inputMode="decimal"
              step="any"
              min={-180}
              max={180}
              error={errors.longitude?.message}
              {...register('longitude', { valueAsNumber: true })}
            />
          </div>
          <Suspense fallback={<Skeleton aspectRatio="1000 / 394" />}>
            <LocationMap
              point={point}
              countryName={country}
              onPick={(picked) => {
                setValue('latitude', picked.latitude, { shouldDirty: true, shouldValidate: true });
                setValue('longitude', picked.longitude, { shouldDirty: true, shouldValidate: true });
              }}
            />
          </Suspense>
        </section>

        <section className={styles.section} aria-labelledby={`${formId}-hours`}>
          <h2 id={`${formId}-hours`} className={styles.sectionTitle}>
            Opening hours
          </h2>
          <p className={styles.sectionIntro}>
            Up to three ranges a day (add one for a lunch break); a day with none is closed. Times are local to the location.
          </p>
          <Controller
            control={control}
            name="openingHours"
            render={({ field }) => (
              <HoursEditor
                idPrefix={formId}
                value={field.value as LocationFormValues['openingHours']}
                onChange={field.onChange}
                onBlur={field.onBlur}
                problems={hourProblems}
              />
            )}
          />
        </section>

        <section className={styles.section} aria-labelledby={`${formId}-closures`}>
          <h2 id={`${formId}-closures`} className={styles.sectionTitle}>
            Closures
          </h2>
          <p className={styles.sectionIntro}>
            Days the location is closed whatever its weekly hours: holidays, inventory. The site lists the coming ones.
          </p>
          {closures.fields.length ? (
            <ul className={styles.closures}>
              {closures.fields.map((field, index) => {
                const rowErrors = errors.closures?.[index];
                return (
                  <li key={field.id} className={styles.closure} data-testid="closure">
                    <Input
                      label={`Closure ${index + 1} date`}
                      type="date"
                      error={rowErrors?.date?.message}
                      {...register(`closures.${index}.date`)}
                    />
                    <Input
                      label={`Closure ${index + 1} note`}
                      autoComplete="off"
                      isOptional
                      placeholder="e.g. Christmas"
                      error={rowErrors?.note?.message}
                      {...register(`closures.${index}.note`)}
                    />
                    <button
                      type="button"
                      className={styles.textButton}
                      aria-label={`Remove closure ${index + 1}`}
                      onClick={() => closures.remove(index)}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={styles.secondary}>No closure planned.</p>
          )}
          {errors.closures?.root?.message || errors.closures?.message ? (
            <p className={styles.fieldError}>{errors.closures.root?.message ?? errors.closures.message}</p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              size="small"
              onClick={() => closures.append({ date: '', note: '' })}
              disabled={closures.fields.length >= 60}
            >
              Add a closure
            </Button>
          </div>
        </section>

        <section className={styles.section} aria-labelledby={`${formId}-contact`}>
          <h2 id={`${formId}-contact`} className={styles.sectionTitle}>
            Contact
          </h2>
          <div className={styles.fields}>
            <Input label="Phone" type="tel" autoComplete="off" isOptional error={errors.phone?.message} {...register('phone')} />
            <Input label="Email" type="email" autoComplete="off" isOptional error={errors.email?.message} {...register('email')} />
          </div>
        </section>

        <div className={styles.saveBar}>
          <p className={styles.saveState} role="status">
            {isBusy ? 'Saving…' : isDirty ? 'Unsaved changes' : isNew ? '' : 'All changes saved'}
          </p>
          <Button type="submit" size="small" disabled={isBusy || (!isNew && !isDirty)} aria-busy={isBusy || undefined}>
            {isNew ? 'Create location' : 'Save'}
          </Button>
        </div>
      </form>
    </>
  );
}
