import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCategoryBodySchema } from '@mirror/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { StatusDot } from '../../../components/data-table';
import { confirmDiscard } from '../../../components/form/unsaved-changes';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Drawer } from '../../../components/ui/drawer';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { ApiError, errorText } from '../../../lib/errors';
import { useCreateEntry, useDeleteEntry, useSetEntryActive, useUpdateEntry, type EntryFields } from '../api/taxonomy.mutations';
import { taxonomyDetailQuery, taxonomyKeys } from '../api/taxonomy.queries';
import {
  entryMeta,
  inUseText,
  isDeletable,
  LEVELS,
  nameTakenText,
  parsePriceDelta,
  priceDeltaInput,
  type Level,
  type TaxonomyEntry,
} from '../taxonomy';
import { useNameCheck } from './use-name-check';
import styles from './taxonomy.module.css';

export interface ParentRef {
  id: string;
  name: string;
}

export type DrawerTarget =
  { mode: 'create'; level: Level; parent?: ParentRef } | { mode: 'edit'; level: Level; entry: TaxonomyEntry; parent?: ParentRef };

const FormSchema = z.object({
  name: CreateCategoryBodySchema.shape.name,
  description: z.string().trim().max(5000, 'At most 5000 characters'),
  priceDelta: z
    .string()
    .refine((value) => parsePriceDelta(value) !== null, 'Enter an amount such as 250, 1,200.50 or -50 (at most 1,000,000)'),
});
type EntryForm = z.infer<typeof FormSchema>;
const FORM_FIELDS: readonly Path<EntryForm>[] = ['name', 'description', 'priceDelta'];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface EntryDrawerProps {
  target: DrawerTarget;
  isOpen: boolean;
  onClose: () => void;
  /** A new entry: the screen opens it (selects it in the URL). */
  onCreated: (level: Level, entry: TaxonomyEntry) => void;
  /** Runs before the lists refetch, so the screen lets go of a selected entry first. */
  onDeleted: (level: Level, id: string) => void;
}

/**
 * Create or edit one entry of any level in a drawer: name (checked live against the API's
 * `exists` call), description, the price difference for optionals; for an existing entry also its
 * status (deactivate / activate, with Undo) and, set apart, Delete.
 */
export function EntryDrawer({ target, isOpen, onClose, onCreated, onDeleted }: EntryDrawerProps) {
  const { level, parent } = target;
  const config = LEVELS[level];
  const formId = useId();
  const client = useQueryClient();
  const editing = target.mode === 'edit' ? target.entry : null;
  // The entry as the API has it now (status and counts change while the drawer is open).
  const detail = useQuery({
    ...taxonomyDetailQuery(level, editing?.id ?? ''),
    enabled: editing !== null,
    initialData: editing ?? undefined,
  });
  const current = editing ? (detail.data ?? editing) : null;

  const create = useCreateEntry(level);
  const update = useUpdateEntry(level);
  const setActive = useSetEntryActive(level);
  const remove = useDeleteEntry(level, (id) => onDeleted(level, id));
  const [formError, setFormError] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  /** Why the API refused the delete (409): shown where the Delete action was. */
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isDirty },
  } = useForm<EntryForm>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      priceDelta: editing && 'priceDelta' in editing ? priceDeltaInput(editing.priceDelta) : '',
    },
  });

  const check = useNameCheck(level, watch('name'), parent?.id, editing?.name);
  const takenText = nameTakenText(level, parent?.name);
  const nameError = errors.name?.message ?? (check === 'taken' ? takenText : undefined);
  const isSaving = create.isPending || update.isPending;

  function requestClose() {
    if (confirmDiscard(isDirty)) onClose();
  }

  const onSubmit = handleSubmit((values) => {
    if (check === 'taken') {
      setFocus('name');
      return;
    }
    setFormError(null);
    const fields: EntryFields = {
      name: values.name,
      description: values.description || null,
      ...(level === 'optional' ? { priceDelta: parsePriceDelta(values.priceDelta) ?? 0 } : {}),
    };
    const onError = (error: unknown) => setFormError(applyServerErrors(error, FORM_FIELDS, setError));
    if (editing) {
      update.mutate(
        { id: editing.id, fields },
        {
          onSuccess: (saved) => {
            showToast(`${saved.name} saved`);
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { fields, parentId: parent?.id },
      {
        onSuccess: (created) => {
          showToast(`${capitalise(config.noun)} ${created.name} created`);
          onCreated(level, created);
          onClose();
        },
        onError,
      },
    );
  });

  function changeStatus(entry: TaxonomyEntry, isActive: boolean) {
    setActive.mutate(
      { id: entry.id, isActive },
      {
        onSuccess: (saved) =>
          showToast(`${saved.name} ${isActive ? 'activated' : 'deactivated'}`, 'success', {
            action: {
              label: 'Undo',
              onClick: () =>
                setActive.mutate({ id: saved.id, isActive: !isActive }, { onError: (error) => showToast(errorText(error), 'error') }),
            },
          }),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }

  function confirmDelete(entry: TaxonomyEntry) {
    setDeleteError(null);
    remove.mutate(entry.id, {
      onSuccess: () => {
        setIsConfirmingDelete(false);
        showToast(`${entry.name} deleted`);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 409)) {
          setDeleteError(errorText(error));
          return;
        }
        // Something came to use it since the lists were read (or pieces in the Trash hold it):
        // read everything again, so the screen and the reason name what holds it now. Asking
        // again would get the same answer, so the question closes and the reason takes its place.
        void client.invalidateQueries({ queryKey: taxonomyKeys.all }).then(() => {
          setIsConfirmingDelete(false);
          setDeleteRefusal(inUseText(level, client.getQueryData<TaxonomyEntry>(taxonomyKeys.detail(level, entry.id)) ?? entry));
        });
      },
    });
  }

  const title = current ? current.name : `New ${config.noun}`;
  const description = current ? `${capitalise(config.noun)} · ${entryMeta(level, current)}` : parent ? `In ${parent.name}` : undefined;

  return (
    <Drawer
      isOpen={isOpen}
      onClose={requestClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" size="small" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} size="small" disabled={isSaving} aria-busy={isSaving || undefined}>
            {isSaving ? 'Saving…' : current ? 'Save changes' : `Create ${config.noun}`}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Input label="Name" autoComplete="off" spellCheck={false} error={nameError} {...register('name')} />
        <p className="visually-hidden" aria-live="polite">
          {check === 'taken' ? takenText : ''}
        </p>
        <Textarea label="Description" isOptional rows={3} error={errors.description?.message} {...register('description')} />
        {level === 'optional' ? (
          <Input
            label="Price difference"
            isOptional
            inputMode="decimal"
            autoComplete="off"
            hint="Added to the piece's price, in the piece's currency; a minus sign takes it off (e.g. -50)."
            error={errors.priceDelta?.message}
            {...register('priceDelta')}
          />
        ) : null}
      </form>

      {current ? (
        <>
          <section className={styles.drawerSection} aria-labelledby={`${formId}-status`}>
            <h3 id={`${formId}-status`} className={styles.sectionTitle}>
              Status
            </h3>
            <p>
              <StatusDot tone={current.isActive ? 'ink' : 'muted'}>{current.isActive ? 'Active' : 'Inactive'}</StatusDot>
            </p>
            <p className={styles.sectionText}>
              {current.isActive
                ? 'Shown on the site wherever the catalogue offers it.'
                : 'Hidden from the site. Nothing is deleted: activate it to bring it back as it was.'}
            </p>
            <Button
              variant="secondary"
              size="small"
              onClick={() => changeStatus(current, !current.isActive)}
              disabled={setActive.isPending}
              aria-busy={setActive.isPending || undefined}
            >
              {current.isActive ? `Deactivate ${config.noun}` : `Activate ${config.noun}`}
            </Button>
          </section>

          <section className={`${styles.drawerSection} ${styles.dangerZone}`} aria-labelledby={`${formId}-delete`}>
            <h3 id={`${formId}-delete`} className={styles.sectionTitle}>
              Delete
            </h3>
            {deleteRefusal ? (
              <p className={styles.refusal} role="alert">
                {deleteRefusal}
              </p>
            ) : isDeletable(level, current) ? (
              <>
                <p className={styles.sectionText}>
                  Deleting removes it for good. To take it off the site but keep it, deactivate it instead.
                </p>
                <button type="button" className={styles.dangerButton} onClick={() => setIsConfirmingDelete(true)}>
                  Delete {config.noun}
                </button>
              </>
            ) : (
              <p className={styles.sectionText}>{inUseText(level, current)}</p>
            )}
          </section>

          <ConfirmDialog
            isOpen={isConfirmingDelete}
            title={`Delete ${current.name}?`}
            confirmLabel={`Delete ${config.noun}`}
            isDestructive
            isPending={remove.isPending}
            error={deleteError}
            onConfirm={() => confirmDelete(current)}
            onCancel={() => {
              setIsConfirmingDelete(false);
              setDeleteError(null);
            }}
          >
            This cannot be undone.
          </ConfirmDialog>
        </>
      ) : null}
    </Drawer>
  );
}
