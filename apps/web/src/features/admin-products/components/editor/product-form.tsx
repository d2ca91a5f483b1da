import { METAL_TYPES, PRODUCT_STATUSES, slugify, type Product } from '@mirror/contract';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../../components/form/unsaved-changes';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Select, type SelectOption } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { showToast } from '../../../../components/ui/toast';
import { ApiError, errorText } from '../../../../lib/errors';
import { formatDateTime, formatMoney, humanize } from '../../../../lib/format';
import { useCreateProduct, useDeleteProduct, useRestoreProduct, useUpdateProduct } from '../../api/admin-products.mutations';
import type { ProductEditorOptions } from '../../api/admin-products.queries';
import {
  EDITOR_FIELDS,
  editorResolver,
  emptyValues,
  parseAmount,
  valuesOf,
  type BodyContext,
  type EditorValues,
  type ProductBody,
} from './form-model';
import { ImageManager } from './image-manager';
import { imageInputsOf, splitDefaultRender } from './images';
import styles from './product-editor.module.css';
import { useSkuCheck } from './use-sku-check';
import { useProductScope } from '../../scope';

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF'];
const STONE_TYPES = ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Aquamarine', 'Morganite', 'Pearl', 'Citrine', 'Tanzanite', 'Spinel'];
const CUTS = ['Brilliant', 'Round', 'Oval', 'Cushion', 'Emerald', 'Pear', 'Marquise', 'Princess', 'Asscher', 'Radiant', 'Heart'];
const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'Royal Blue', 'Pink', 'Pigeon Blood', 'Vivid Green', 'White'];
const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'Eye clean', 'AAA'];
const STATUS_HINTS: Record<string, string> = {
  DRAFT: 'Not shown on the site.',
  ACTIVE: 'On the site for everyone.',
  ARCHIVED: 'Off the site; kept for orders and records.',
};

export interface ProductFormProps {
  /** The saved piece; none for a new one. */
  product?: Product;
  options: ProductEditorOptions;
}

function DataList({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

/** Every field of a piece (CreateProductBodySchema / UpdateProductBodySchema) on one page. */
export function ProductForm({ product, options }: ProductFormProps) {
  const navigate = useNavigate();
  const scope = useProductScope();
  const isVendorScope = !scope.isAdmin;
  const mode = product ? 'update' : 'create';
  const isTrashed = Boolean(product?.deletedAt);
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const [leavingTo, setLeavingTo] = useState<{ path: string; replace: boolean } | null>(null);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [isSlugTouched, setIsSlugTouched] = useState(Boolean(product));
  const listId = useId();

  const defaultRender = useMemo(() => (product ? imageInputsOf(splitDefaultRender(product).defaultRender) : []), [product]);
  const renderImages = useMemo(() => (product ? splitDefaultRender(product).defaultRender : []), [product]);
  const resolver = useMemo(() => editorResolver(), []);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<EditorValues, BodyContext, ProductBody>({
    resolver,
    // What the body is made with, read by the resolver at each validation (react-hook-form keeps the latest).
    context: { mode, defaultRender },
    mode: 'onTouched',
    // A vendor's new piece is its own (the server forces it too): the vendor field is not shown.
    defaultValues: product ? valuesOf(product) : { ...emptyValues(), ...(isVendorScope ? { vendorId: options.vendors[0]?.id ?? '' } : {}) },
  });

  const [sku, name, priceMode, stoneMode, currency, status, price, priceMin, priceMax] = useWatch({
    control,
    name: ['sku', 'name', 'priceMode', 'stoneMode', 'currency', 'status', 'price', 'priceMin', 'priceMax'],
  });
  const skuCheck = useSkuCheck(sku, product ? { id: product.id, sku: product.sku } : undefined);

  // Navigation after a create or a delete waits one render, so the guard no longer counts the form as dirty.
  useEffect(() => {
    if (leavingTo) void navigate(leavingTo.path, { replace: leavingTo.replace });
  }, [leavingTo, navigate]);

  // Toasts rise above the sticky Save bar while this form is shown.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--toast-offset', '4.5rem');
    return () => {
      root.style.removeProperty('--toast-offset');
    };
  }, []);

  const onPendingChange = useCallback((count: number) => setPendingUploads(count), []);

  const onServerError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'SKU_TAKEN') {
      setError(
        'sku',
        { type: 'server', message: 'Another piece already uses this SKU (a piece in the Trash keeps its SKU). Choose another one.' },
        { shouldFocus: true },
      );
      setFormError(null);
      return;
    }
    if (error instanceof ApiError && error.code === 'SLUG_TAKEN') {
      setError(
        'slug',
        { type: 'server', message: 'Another piece already uses this slug. Change it, for example by adding the SKU.' },
        { shouldFocus: true },
      );
      setFormError(null);
      return;
    }
    setFormError(applyServerErrors(error, EDITOR_FIELDS, setError));
  };

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    if (pendingUploads > 0) {
      setFormError('Wait for the images to finish uploading, then save.');
      return;
    }
    if (!product) {
      create.mutate(body as Parameters<typeof create.mutate>[0], {
        onSuccess: (saved) => {
          reset(valuesOf(saved));
          showToast(`“${saved.name}” was created.`);
          setLeavingTo({ path: scope.detailPath(saved.id), replace: true });
        },
        onError: onServerError,
      });
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        showToast('Changes saved.');
      },
      onError: onServerError,
    });
  });

  const onMoveToTrash = () => {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        showToast(`“${product.name}” was moved to the Trash.`, 'success', {
          action: {
            label: 'Undo',
            onClick: () => {
              restore
                .mutateAsync(product.id)
                .then(() => showToast(`“${product.name}” was restored.`))
                .catch((error: unknown) => showToast(errorText(error), 'error'));
            },
          },
        });
        setLeavingTo({ path: scope.listPath, replace: false });
      },
      onError: (error) => showToast(errorText(error), 'error'),
    });
  };

  const onRestore = () => {
    if (!product) return;
    restore.mutate(product.id, {
      onSuccess: () => showToast(`“${product.name}” was restored.`),
      onError: (error) => showToast(errorText(error), 'error'),
    });
  };

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!isSlugTouched) setValue('slug', slugify(event.target.value), { shouldDirty: true });
    },
  });
  const slugField = register('slug', {
    onChange: (event: { target: { value: string } }) => setIsSlugTouched(event.target.value.trim() !== ''),
  });

  const categoryOptions: SelectOption[] = options.categories
    .filter((c) => c.isActive || c.id === product?.categoryId)
    .map((c) => ({ value: c.id, label: c.isActive ? c.name : `${c.name} (inactive)` }));
  const vendorOptions: SelectOption[] = options.vendors
    .filter((v) => !v.deletedAt || v.id === product?.vendorId)
    .map((v) => ({ value: v.id, label: v.isActive ? `${v.name} · ${v.code}` : `${v.name} · ${v.code} (inactive)` }));
  const designerOptions: SelectOption[] = options.designers
    .filter((d) => !d.deletedAt || d.id === product?.designerId)
    .map((d) => ({ value: d.id, label: d.isActive ? d.displayName : `${d.displayName} (inactive)` }));
  const currencyOptions = [...new Set([...CURRENCIES, product?.currency ?? 'EUR'])].map((c) => ({ value: c, label: c }));
  const metalOptions = METAL_TYPES.map((m) => ({ value: m, label: humanize(m) }));
  // Publishing is the house's: a vendor keeps drafts or archives, and sees ACTIVE only on a piece already live.
  const statusOptions = PRODUCT_STATUSES.filter((s) => !isVendorScope || s !== 'ACTIVE' || product?.status === 'ACTIVE').map((s) => ({
    value: s,
    label: humanize(s),
  }));
  const designerName = options.designers.find((d) => d.id === product?.designerId)?.displayName;

  const amountHint = (text: string, fallback: string) => {
    const minor = parseAmount(text);
    return minor === null || Number.isNaN(minor) ? fallback : `${formatMoney(minor, currency || 'EUR')} on the site`;
  };

  const isSaving = isSubmitting || create.isPending || update.isPending;
  const saveState =
    pendingUploads > 0
      ? `Uploading ${pendingUploads} image${pendingUploads === 1 ? '' : 's'}…`
      : isDirty
        ? 'Unsaved changes'
        : product
          ? `Saved · last change ${formatDateTime(product.updatedAt)}`
          : 'New piece · not saved yet';

  const skuStatus =
    skuCheck.state === 'checking'
      ? 'Checking the SKU…'
      : skuCheck.state === 'available'
        ? 'This SKU is free.'
        : skuCheck.state === 'unknown'
          ? 'The SKU could not be checked now; saving will tell.'
          : '';

  return (
    <>
      <UnsavedChangesGuard isDirty={isDirty && leavingTo === null} />
      {isTrashed ? (
        <div className={styles.trashNotice} role="status">
          <span>This piece is in the Trash: it is not on the site and cannot be edited until it is restored.</span>
          <Button size="small" variant="secondary" onClick={onRestore} disabled={restore.isPending}>
            {restore.isPending ? 'Restoring…' : 'Restore'}
          </Button>
        </div>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={product ? `Edit ${product.name}` : 'New piece'}>
        {formError ? (
          <p className={styles.formAlert} role="alert">
            {formError}
          </p>
        ) : null}
        <fieldset disabled={isTrashed} className={styles.plainFieldset}>
          <div className={styles.columns}>
            <div className={styles.main}>
              <section className={styles.section} aria-labelledby={`${listId}-details`}>
                <h2 id={`${listId}-details`} className={styles.sectionTitle}>
                  Details
                </h2>
                <Input label="Name" autoComplete="off" error={errors.name?.message} {...nameField} />
                <div className={styles.grid2}>
                  <Input
                    label="Slug"
                    autoComplete="off"
                    spellCheck={false}
                    hint={isSlugTouched ? 'Lowercase letters, digits and dashes.' : 'Follows the name until you change it.'}
                    error={errors.slug?.message}
                    {...slugField}
                  />
                  <div className={styles.checkRow}>
                    <Input
                      label="SKU"
                      autoComplete="off"
                      spellCheck={false}
                      error={errors.sku?.message ?? (skuCheck.state === 'taken' ? skuCheck.message : undefined)}
                      {...register('sku')}
                    />
                    <p
                      className={[styles.skuStatus, skuCheck.state === 'available' && styles.skuAvailable].filter(Boolean).join(' ')}
                      role="status"
                      data-testid="sku-status"
                    >
                      {skuStatus}
                    </p>
                  </div>
                </div>
                <Textarea
                  label="Description"
                  rows={6}
                  hint="Shown on the piece’s page. Up to 5,000 characters."
                  error={errors.description?.message}
                  {...register('description')}
                />
              </section>

              <ImageManager
                control={control}
                register={register}
                errors={errors}
                defaultRender={renderImages}
                pieceName={name}
                onPendingChange={onPendingChange}
                isDisabled={isTrashed}
              />

              <fieldset className={styles.fieldset}>
                <legend className={styles.sectionTitle}>Gemstone</legend>
                <div className={styles.fieldsetBody}>
                  <div className={styles.choices} role="radiogroup" aria-label="Stone setting">
                    <label className={styles.choice}>
                      <input type="radio" value="NONE" {...register('stoneMode')} />
                      No stone
                    </label>
                    <label className={styles.choice}>
                      <input type="radio" value="STONE" {...register('stoneMode')} />
                      Set with a stone
                    </label>
                  </div>
                  {errors.gemstone?.message ? <p className={styles.fieldAlert}>{errors.gemstone.message}</p> : null}
                  {stoneMode === 'STONE' ? (
                    <div className={styles.grid3}>
                      <Input
                        label="Stone"
                        list={`${listId}-stones`}
                        autoComplete="off"
                        placeholder="Diamond"
                        error={errors.gemstone?.type?.message}
                        {...register('gemstone.type')}
                      />
                      <Input
                        label="Carat"
                        inputMode="decimal"
                        autoComplete="off"
                        isOptional
                        placeholder="1.25"
                        error={errors.gemstone?.carat?.message}
                        {...register('gemstone.carat')}
                      />
                      <Input
                        label="Cut"
                        list={`${listId}-cuts`}
                        autoComplete="off"
                        isOptional
                        error={errors.gemstone?.cut?.message}
                        {...register('gemstone.cut')}
                      />
                      <Input
                        label="Colour"
                        list={`${listId}-colours`}
                        autoComplete="off"
                        isOptional
                        error={errors.gemstone?.colour?.message}
                        {...register('gemstone.colour')}
                      />
                      <Input
                        label="Clarity"
                        list={`${listId}-clarities`}
                        autoComplete="off"
                        isOptional
                        error={errors.gemstone?.clarity?.message}
                        {...register('gemstone.clarity')}
                      />
                      <DataList id={`${listId}-stones`} values={STONE_TYPES} />
                      <DataList id={`${listId}-cuts`} values={CUTS} />
                      <DataList id={`${listId}-colours`} values={COLOURS} />
                      <DataList id={`${listId}-clarities`} values={CLARITIES} />
                    </div>
                  ) : null}
                </div>
              </fieldset>
            </div>

            <div className={styles.side}>
              <section className={styles.section} aria-labelledby={`${listId}-visibility`}>
                <h2 id={`${listId}-visibility`} className={styles.sectionTitle}>
                  Visibility
                </h2>
                <div className={styles.checkRow}>
                  <Select
                    label="Status"
                    options={statusOptions}
                    error={errors.status?.message}
                    aria-describedby={`${listId}-status-hint`}
                    {...register('status')}
                  />
                  <p id={`${listId}-status-hint`} className={styles.hint}>
                    {STATUS_HINTS[status] ?? ''}
                    {isVendorScope && status !== 'ACTIVE' ? ' Mirror reviews drafts and puts them on the site.' : ''}
                  </p>
                </div>
                {isVendorScope ? null : (
                  <div className={styles.checkRow}>
                    <label className={styles.choice}>
                      <input type="checkbox" aria-describedby={`${listId}-featured-hint`} {...register('isFeatured')} />
                      Featured
                    </label>
                    <p id={`${listId}-featured-hint`} className={styles.hint}>
                      Shown among the featured pieces on the home page.
                    </p>
                  </div>
                )}
              </section>

              <fieldset className={styles.fieldset}>
                <legend className={styles.sectionTitle}>Pricing</legend>
                <div className={styles.fieldsetBody}>
                  <div className={styles.choices} role="radiogroup" aria-label="Pricing mode">
                    <label className={styles.choice}>
                      <input type="radio" value="FIXED" {...register('priceMode')} />
                      Fixed price
                    </label>
                    <label className={styles.choice}>
                      <input type="radio" value="RANGE" {...register('priceMode')} />
                      On request, within a range
                    </label>
                  </div>
                  {priceMode === 'FIXED' ? (
                    <Input
                      label="Price"
                      inputMode="decimal"
                      autoComplete="off"
                      className={styles.money}
                      hint={amountHint(price, `In ${currency || 'EUR'}, e.g. 24,500`)}
                      error={errors.price?.message}
                      {...register('price')}
                    />
                  ) : (
                    <>
                      <div className={styles.grid2}>
                        <Input
                          label="Price from"
                          inputMode="decimal"
                          autoComplete="off"
                          className={styles.money}
                          hint={amountHint(priceMin, `In ${currency || 'EUR'}`)}
                          error={errors.priceMin?.message}
                          {...register('priceMin')}
                        />
                        <Input
                          label="Price to"
                          inputMode="decimal"
                          autoComplete="off"
                          className={styles.money}
                          hint={amountHint(priceMax, `In ${currency || 'EUR'}`)}
                          error={errors.priceMax?.message}
                          {...register('priceMax')}
                        />
                      </div>
                      <p className={styles.hint}>
                        The site shows the range and “Price on request”; the piece is made to order and cannot be bought online.
                      </p>
                    </>
                  )}
                  <Select label="Currency" options={currencyOptions} error={errors.currency?.message} {...register('currency')} />
                </div>
              </fieldset>

              <section className={styles.section} aria-labelledby={`${listId}-inventory`}>
                <h2 id={`${listId}-inventory`} className={styles.sectionTitle}>
                  Inventory
                </h2>
                <Input
                  label="Stock"
                  inputMode="numeric"
                  autoComplete="off"
                  className={styles.money}
                  hint="Pieces on hand. At 0 the site shows the piece as made to order."
                  error={errors.stockQuantity?.message}
                  {...register('stockQuantity')}
                />
              </section>

              <section className={styles.section} aria-labelledby={`${listId}-organisation`}>
                <h2 id={`${listId}-organisation`} className={styles.sectionTitle}>
                  Organisation
                </h2>
                <Select
                  label="Category"
                  placeholder="Choose a category"
                  options={categoryOptions}
                  error={errors.categoryId?.message}
                  {...register('categoryId')}
                />
                <Select
                  label="Metal"
                  placeholder="Choose the metal"
                  options={metalOptions}
                  error={errors.metalType?.message}
                  {...register('metalType')}
                />
                {isVendorScope ? (
                  <div className={styles.checkRow} data-testid="designer-attribution">
                    <p className={styles.readonlyLabel}>Designer</p>
                    <p className={styles.readonlyValue}>{designerName ?? '—'}</p>
                    <p className={styles.hint}>Mirror attributes pieces to designers.</p>
                  </div>
                ) : (
                  <>
                    <Select
                      label="Vendor"
                      placeholder="Choose the vendor"
                      options={vendorOptions}
                      error={errors.vendorId?.message}
                      {...register('vendorId')}
                    />
                    <Select
                      label="Designer"
                      placeholder="No designer"
                      options={designerOptions}
                      error={errors.designerId?.message}
                      {...register('designerId')}
                    />
                  </>
                )}
              </section>
            </div>
          </div>
        </fieldset>

        {isTrashed ? null : (
          <div className={styles.actionBar}>
            <p className={[styles.saveState, isDirty && styles.saveStateDirty].filter(Boolean).join(' ')} data-testid="save-state">
              {saveState}
            </p>
            <Button type="submit" disabled={isSaving} aria-busy={isSaving || undefined}>
              {isSaving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        )}
      </form>

      {product && !isTrashed && !isVendorScope ? (
        <section className={styles.dangerZone} aria-labelledby={`${listId}-danger`}>
          <div className={styles.dangerText}>
            <h2 id={`${listId}-danger`} className={styles.sectionTitle}>
              Move to trash
            </h2>
            <p>The piece leaves the site and the table at once. You can undo straight away, or restore it later from the Trash.</p>
          </div>
          <Button variant="secondary" size="small" className={styles.dangerButton} onClick={onMoveToTrash} disabled={remove.isPending}>
            {remove.isPending ? 'Moving…' : 'Move to trash'}
          </Button>
        </section>
      ) : null}
    </>
  );
}
