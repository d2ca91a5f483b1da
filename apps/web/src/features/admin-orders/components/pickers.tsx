import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@mirror/contract';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/errors';
import { formatCount, formatPrice } from '../../../lib/format';
import { customerPickerQuery, productPickerQuery } from '../api/admin-orders.queries';
import type { PickedProduct } from '../order-form';
import styles from './order-new.module.css';

function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function clientName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

function PickerSearch({
  label,
  value,
  onChange,
  placeholder,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className={styles.pickerSearch}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.control}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Search CUSTOMER accounts (username, email, name) and choose one. */
export function CustomerPicker({ onPick, errorId }: { onPick: (user: User) => void; errorId?: string }) {
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const results = useQuery(customerPickerQuery(q));
  const users = results.data?.content ?? [];
  return (
    <div className={styles.picker}>
      <PickerSearch label="Find a client" value={text} onChange={setText} placeholder="Name, username or email" describedBy={errorId} />
      {results.isPending ? (
        <Skeleton height="6rem" />
      ) : results.error ? (
        <p className={styles.errorText}>{errorText(results.error)}</p>
      ) : users.length === 0 ? (
        <p className={styles.hint}>No client matches “{q}”. Order for a guest instead, or create the account in Users.</p>
      ) : (
        <ul className={styles.results} aria-label="Clients found">
          {users.map((user) => (
            <li key={user.id} className={styles.result}>
              <span className={styles.resultMain}>
                <span>{clientName(user)}</span>
                <span className={styles.secondary}>
                  {user.username} · {user.email}
                </span>
              </span>
              <button type="button" className={styles.pickButton} aria-label={`Choose ${clientName(user)}`} onClick={() => onPick(user)}>
                Choose
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Search the catalog (name or SKU) and add pieces; each result shows its price and stock now. */
export function ProductPicker({ onAdd, addedIds }: { onAdd: (product: PickedProduct) => void; addedIds: ReadonlySet<string> }) {
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const results = useQuery(productPickerQuery(q));
  const products = results.data ?? [];
  return (
    <div className={styles.picker}>
      <PickerSearch label="Find a piece" value={text} onChange={setText} placeholder="Name or SKU" />
      {results.isPending ? (
        <Skeleton height="6rem" />
      ) : results.error ? (
        <p className={styles.errorText}>{errorText(results.error)}</p>
      ) : products.length === 0 ? (
        <p className={styles.hint}>No piece matches “{q}”.</p>
      ) : (
        <ul className={styles.results} aria-label="Pieces found">
          {products.map((product) => {
            const isAdded = addedIds.has(product.id);
            return (
              <li key={product.id} className={styles.result}>
                <span className={styles.resultMain}>
                  <span>{product.name}</span>
                  <span className={styles.secondary}>
                    {product.sku} · {formatPrice(product)} ·{' '}
                    <span data-out={product.stockQuantity <= 0 || undefined} className={styles.stock}>
                      {product.stockQuantity <= 0 ? 'Out of stock' : `${formatCount(product.stockQuantity)} in stock`}
                    </span>
                  </span>
                </span>
                <button
                  type="button"
                  className={styles.pickButton}
                  aria-label={`Add ${product.name}`}
                  disabled={isAdded}
                  onClick={() => onAdd(product)}
                >
                  {isAdded ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
