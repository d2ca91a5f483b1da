import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Order, User } from '@mirror/contract';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { ApiError, errorText } from '../../../lib/errors';
import { formatCount, formatMoney } from '../../../lib/format';
import { useCreateOrder } from '../api/admin-orders.mutations';
import {
  emptyOrderForm,
  formFieldOf,
  orderResolver,
  previewSchedule,
  toCreateOrderBody,
  todayUtc,
  totalsOf,
  type OrderFormValues,
  type PickedProduct,
} from '../order-form';
import { PaymentTermsFields } from './payment-terms-fields';
import { CustomerPicker, ProductPicker, clientName } from './pickers';
import styles from './order-new.module.css';

/**
 * /dashboard/admin/orders/new: an order placed by the team for a client (an account or a guest):
 * pieces with their stock, quantities and totals, payment terms with the schedule they give. The
 * server reserves the stock; a line it cannot serve comes back on that line.
 */
export default function OrderNewPage() {
  const navigate = useNavigate();
  const [today] = useState(todayUtc);
  const [products, setProducts] = useState<Map<string, PickedProduct>>(() => new Map());
  const [customer, setCustomer] = useState<User | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const resolver = useMemo(() => orderResolver(products, today), [products, today]);
  const form = useForm<OrderFormValues>({ defaultValues: emptyOrderForm(today), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, control, handleSubmit, setValue, setError, clearErrors, formState } = form;
  const { errors, isDirty } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const values = useWatch({ control }) as OrderFormValues;
  const createOrder = useCreateOrder();

  const totals = totalsOf(values.lines, products);
  const preview = previewSchedule(totals.total, values.terms, today);
  const addedIds = useMemo(() => new Set(values.lines.map((l) => l.productId)), [values.lines]);

  useEffect(() => {
    if (placed) void navigate(to.adminOrder(placed.id));
  }, [placed, navigate]);

  function addProduct(product: PickedProduct) {
    setProducts((current) => new Map(current).set(product.id, product));
    lines.append({ productId: product.id, quantity: 1, unitPrice: '' }, { shouldFocus: false });
    clearErrors('lines');
  }

  function pickCustomer(user: User | null) {
    setCustomer(user);
    setValue('customerId', user?.id ?? '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
  }

  const onSubmit = handleSubmit((valid) => {
    setFormError(null);
    createOrder.mutate(toCreateOrderBody(valid, products), {
      onSuccess: (order) => {
        showToast(`Order ${order.number} placed`);
        setPlaced(order);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? error.details : [];
        let isAttached = false;
        for (const detail of details) {
          const field = formFieldOf(detail.path);
          if (!field) continue;
          setError(field as Path<OrderFormValues>, { type: 'server', message: detail.message }, { shouldFocus: !isAttached });
          isAttached = true;
        }
        setFormError(
          isAttached && error instanceof ApiError && error.status === 409 ? error.message : isAttached ? null : errorText(error),
        );
      },
    });
  });

  const linesError = (errors.lines as { message?: string } | undefined)?.message ?? errors.lines?.root?.message;

  return (
    <WorkspacePage title="New order" crumbs={[{ label: 'Orders', to: paths.adminOrders }]}>
      <UnsavedChangesGuard isDirty={isDirty && !placed} />
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <section className={styles.section} aria-labelledby="order-client">
          <h2 id="order-client" className={styles.sectionTitle}>
            Client
          </h2>
          <fieldset className={styles.modes}>
            <legend className="visually-hidden">Who the order is for</legend>
            <label className={styles.mode}>
              <input type="radio" value="customer" {...register('customerMode')} /> A client with an account
            </label>
            <label className={styles.mode}>
              <input type="radio" value="guest" {...register('customerMode')} /> A guest
            </label>
          </fieldset>
          {values.customerMode === 'guest' ? (
            <div className={styles.pair}>
              <Input label="Name" autoComplete="off" error={errors.guest?.name?.message} {...register('guest.name')} />
              <Input label="Email" type="email" autoComplete="off" error={errors.guest?.email?.message} {...register('guest.email')} />
            </div>
          ) : customer ? (
            <div className={styles.chosen}>
              <span className={styles.resultMain}>
                <span className={styles.chosenName}>{clientName(customer)}</span>
                <span className={styles.secondary}>
                  {customer.username} · {customer.email}
                </span>
              </span>
              <button type="button" className={styles.pickButton} onClick={() => pickCustomer(null)}>
                Change client
              </button>
            </div>
          ) : (
            <>
              <CustomerPicker onPick={pickCustomer} errorId={errors.customerId ? 'order-customer-error' : undefined} />
              {errors.customerId ? (
                <p id="order-customer-error" className={styles.errorText} role="alert">
                  {errors.customerId.message}
                </p>
              ) : null}
            </>
          )}
        </section>

        <section className={styles.section} aria-labelledby="order-pieces">
          <h2 id="order-pieces" className={styles.sectionTitle}>
            Pieces
          </h2>
          <ProductPicker onAdd={addProduct} addedIds={addedIds} />
          {lines.fields.length === 0 ? (
            <p className={linesError ? styles.errorText : styles.hint} role={linesError ? 'alert' : undefined}>
              {linesError ?? 'No pieces yet: find them above and add them.'}
            </p>
          ) : (
            <div className={styles.linesWrap}>
              <table className={styles.lines}>
                <caption className="visually-hidden">Order lines</caption>
                <thead>
                  <tr>
                    <th scope="col">Piece</th>
                    <th scope="col" className={styles.end}>
                      In stock
                    </th>
                    <th scope="col" className={styles.end}>
                      Unit price
                    </th>
                    <th scope="col" className={styles.end}>
                      Quantity
                    </th>
                    <th scope="col" className={styles.end}>
                      Line total
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.fields.map((field, index) => {
                    const product = products.get(field.productId);
                    const name = product?.name ?? 'Piece';
                    const quantityError = errors.lines?.[index]?.quantity?.message;
                    const priceError = errors.lines?.[index]?.unitPrice?.message;
                    const lineTotal = totals.lineTotals[index];
                    return (
                      <tr key={field.id} data-invalid={quantityError || priceError ? true : undefined}>
                        <td>
                          <span className={styles.resultMain}>
                            <span>{name}</span>
                            <span className={styles.secondary}>{product?.sku}</span>
                          </span>
                        </td>
                        <td className={`${styles.num} ${styles.end}`}>{product ? formatCount(product.stockQuantity) : '—'}</td>
                        <td className={`${styles.num} ${styles.end}`}>
                          {product?.price ? (
                            formatMoney(product.price.amount, product.price.currency)
                          ) : (
                            <span className={styles.cellField}>
                              <input
                                className={styles.cellInput}
                                inputMode="decimal"
                                aria-label={`Agreed price of ${name}`}
                                aria-invalid={priceError ? true : undefined}
                                aria-describedby={priceError ? `line-${field.id}-price` : undefined}
                                placeholder="Price"
                                {...register(`lines.${index}.unitPrice`)}
                              />
                              {priceError ? (
                                <span id={`line-${field.id}-price`} className={styles.cellError}>
                                  {priceError}
                                </span>
                              ) : null}
                            </span>
                          )}
                        </td>
                        <td className={styles.end}>
                          <span className={styles.cellField}>
                            <input
                              className={`${styles.cellInput} ${styles.qty}`}
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={100}
                              step={1}
                              aria-label={`Quantity of ${name}`}
                              aria-invalid={quantityError ? true : undefined}
                              aria-describedby={quantityError ? `line-${field.id}-qty` : undefined}
                              {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
                            />
                            {quantityError ? (
                              <span id={`line-${field.id}-qty`} className={styles.cellError}>
                                {quantityError}
                              </span>
                            ) : null}
                          </span>
                        </td>
                        <td className={`${styles.num} ${styles.end}`}>
                          {lineTotal === null || lineTotal === undefined
                            ? '—'
                            : formatMoney(lineTotal, product?.currency ?? totals.currency)}
                        </td>
                        <td className={styles.end}>
                          <button
                            type="button"
                            className={styles.removeButton}
                            aria-label={`Remove ${name}`}
                            onClick={() => lines.remove(index)}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {linesError ? (
                <p className={styles.errorText} role="alert">
                  {linesError}
                </p>
              ) : null}
            </div>
          )}
        </section>

        <section className={styles.section} aria-labelledby="order-terms">
          <h2 id="order-terms" className={styles.sectionTitle}>
            Payment terms
          </h2>
          <PaymentTermsFields
            register={register}
            errors={errors.terms}
            type={values.terms.type}
            today={today}
            total={totals.total}
            currency={totals.currency}
            hasLines={values.lines.length > 0}
            preview={preview}
          />
        </section>

        <section className={styles.section} aria-labelledby="order-notes">
          <h2 id="order-notes" className={styles.sectionTitle}>
            Notes
          </h2>
          <Textarea label="Notes for the team" isOptional rows={3} error={errors.notes?.message} {...register('notes')} />
        </section>

        <div className={styles.footer}>
          {formError ? (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          ) : null}
          <p className={styles.footerTotal}>
            <span className={styles.secondary}>Total</span> <span className={styles.num}>{formatMoney(totals.total, totals.currency)}</span>
          </p>
          <Link className={buttonClassName({ variant: 'ghost', size: 'small' })} to={paths.adminOrders}>
            Cancel
          </Link>
          <Button type="submit" size="small" disabled={createOrder.isPending}>
            {createOrder.isPending ? 'Placing…' : 'Place order'}
          </Button>
        </div>
      </form>
    </WorkspacePage>
  );
}
