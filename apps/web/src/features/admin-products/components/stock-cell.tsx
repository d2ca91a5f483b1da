import { useState } from 'react';
import type { Product } from '@mirror/contract';
import { showToast } from '../../../components/ui/toast';
import { useSetStock, type StockChange } from '../api/admin-products.mutations';
import styles from './admin-products.module.css';

const MAX_STOCK = 1_000_000;

/**
 * Inline stock: − and + adjust by one ({delta}), the field sets a quantity ({quantity}) on Enter or
 * when it loses focus (Escape puts the current value back). The change shows at once; a refusal
 * (409: it would go below zero) or any failure rolls it back with a message.
 */
export function StockCell({ product }: { product: Product }) {
  const setStock = useSetStock();
  const [draft, setDraft] = useState(String(product.stockQuantity));
  const [isEditing, setIsEditing] = useState(false);

  // Out of editing, the field follows the stock (state adjusted while rendering, not in an effect).
  const stock = String(product.stockQuantity);
  const [synced, setSynced] = useState({ stock, isEditing });
  if (synced.stock !== stock || synced.isEditing !== isEditing) {
    setSynced({ stock, isEditing });
    if (!isEditing) setDraft(stock);
  }

  function change(body: StockChange['body']) {
    setStock.mutate({ product, body });
  }

  function commit() {
    setIsEditing(false);
    const text = draft.trim();
    if (text === String(product.stockQuantity)) return;
    const quantity = Number(text);
    if (text === '' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) {
      setDraft(String(product.stockQuantity));
      showToast(`Stock of ${product.name} must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-GB')}.`, 'error');
      return;
    }
    // The typed figure stays until the change reaches the stock (the mutation's first step, a moment
    // later): leaving editing would otherwise put the old stock back in between, a visible flicker.
    setSynced({ stock: String(product.stockQuantity), isEditing: false });
    change({ quantity });
  }

  const tone = product.availability === 'OUT_OF_STOCK' ? 'out' : product.availability === 'LOW_STOCK' ? 'low' : undefined;
  return (
    <div className={styles.stock} data-row-control>
      <button
        type="button"
        className={styles.stockButton}
        aria-label={`Decrease stock of ${product.name}`}
        disabled={product.stockQuantity <= 0}
        onClick={() => change({ delta: -1 })}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className={styles.stockInput}
        type="text"
        inputMode="numeric"
        aria-label={`Stock of ${product.name}`}
        value={draft}
        size={4}
        onFocus={(event) => {
          setIsEditing(true);
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setIsEditing(true);
          setDraft(event.target.value.replace(/[^\d]/g, ''));
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDraft(String(product.stockQuantity));
            setIsEditing(false);
          }
        }}
      />
      <button
        type="button"
        className={styles.stockButton}
        aria-label={`Increase stock of ${product.name}`}
        onClick={() => change({ delta: 1 })}
      >
        <span aria-hidden="true">+</span>
      </button>
      {tone ? (
        <span className={styles.stockState} data-tone={tone}>
          {tone === 'out' ? 'Out' : 'Low'}
        </span>
      ) : null}
    </div>
  );
}
