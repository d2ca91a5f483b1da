import { useQuery } from '@tanstack/react-query';
import type { Product } from '@mirror/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { errorText } from '../../../lib/errors';
import { formatPrice, formatTotal, humanize } from '../../../lib/format';
import { pieceSearchQuery } from '../api/admin-collections.queries';
import styles from './admin-collections.module.css';

export interface PiecePickerProps {
  /** Pieces already in the collection: listed, but not offered again. */
  memberIds: ReadonlySet<string>;
  onPick: (product: Product) => void;
  isAdding?: boolean;
}

const MIN_QUERY = 2;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * 'Add a piece': a search combobox over the catalog search (name, SKU, stone; typo-tolerant).
 * ARIA 1.2 combobox with a listbox popup: arrows move, Enter adds, Escape closes. Pieces of every
 * status are offered (the admin's search), drafts marked as such.
 */
export function PiecePicker({ memberIds, onPick, isAdding = false }: PiecePickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  // The highlighted option belongs to the query it was chosen for: a new query starts at the first again.
  const [highlight, setHighlight] = useState({ q: '', index: 0 });
  const q = useDebounced(text.trim(), 200);
  const isQueryable = q.length >= MIN_QUERY;
  const search = useQuery({ ...pieceSearchQuery(q), enabled: isQueryable });
  const results = isQueryable ? (search.data?.content ?? []) : [];
  const isStale = text.trim() !== q || search.isFetching;
  const showList = isOpen && text.trim().length >= MIN_QUERY;

  const active = highlight.q === q ? highlight.index : 0;
  const setActive = (index: number) => setHighlight({ q, index });

  const isPickable = (p: Product) => !memberIds.has(p.id);

  function pick(product: Product) {
    if (!isPickable(product) || isAdding) return;
    onPick(product);
    setText('');
    setIsOpen(false);
    inputRef.current?.focus();
  }

  function step(delta: 1 | -1) {
    if (results.length === 0) return;
    setIsOpen(true);
    setActive((active + delta + results.length) % results.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        step(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        step(-1);
        break;
      case 'Enter': {
        const product = results[active];
        if (!showList || !product) return;
        event.preventDefault();
        pick(product);
        break;
      }
      case 'Escape':
        if (showList) {
          event.preventDefault();
          setIsOpen(false);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
    }
  }

  const total = search.data?.totalElements ?? results.length;
  const status = !showList
    ? ''
    : search.isError
      ? errorText(search.error)
      : isStale && results.length === 0
        ? 'Searching…'
        : results.length === 0
          ? `No piece matches “${text.trim()}”.`
          : total > results.length
            ? `${formatTotal(total, search.data?.totalExact)} pieces match; the first ${results.length} are listed. Arrows to choose, Enter to add.`
            : `${results.length} ${results.length === 1 ? 'piece' : 'pieces'} found. Arrows to choose, Enter to add.`;
  const activeProduct = showList ? results[active] : undefined;

  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.pickerLabel}>
        Add a piece
      </label>
      <div className={styles.pickerBox}>
        <svg className={styles.pickerIcon} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          <path d="m11 11 4 4" stroke="currentColor" strokeWidth="1.2" />
        </svg>
        <input
          ref={inputRef}
          id={id}
          className={styles.pickerInput}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeProduct ? `${id}-option-${activeProduct.id}` : undefined}
          aria-describedby={`${id}-hint`}
          placeholder="Search pieces by name or SKU"
          value={text}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${id}-hint`} className={styles.pickerHint}>
        Type at least two letters. Pieces already in the collection are marked.
      </p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {showList && results.length === 0 ? (
        <p className={styles.pickerList} aria-hidden="true">
          <span className={styles.optionEmpty}>{status}</span>
        </p>
      ) : null}
      <ul id={listId} role="listbox" aria-label="Pieces found" className={styles.pickerList} hidden={!showList || results.length === 0}>
        {results.map((product, index) => {
          const isMember = !isPickable(product);
          const image = product.images[0];
          return (
            // The combobox pattern: the keys (arrows, Enter) belong to the input, which owns aria-activedescendant.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the option's click is the pointer's way; see above
            <li
              key={product.id}
              id={`${id}-option-${product.id}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={isMember || undefined}
              className={[styles.option, index === active && styles.optionActive, isMember && styles.optionDisabled]
                .filter(Boolean)
                .join(' ')}
              // Keep focus in the input: a click picks without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(product)}
            >
              {image ? (
                <img className={styles.optionThumb} src={image.url} alt="" width={32} height={40} loading="lazy" decoding="async" />
              ) : (
                <span className={styles.optionThumb} aria-hidden="true" />
              )}
              <span className={styles.optionText}>
                <span className={styles.optionName}>{product.name}</span>
                <span className={styles.secondary}>
                  {product.sku}
                  {product.status !== 'ACTIVE' ? ` · ${humanize(product.status)}` : ''}
                  {isMember ? ' · Already in the collection' : ''}
                </span>
              </span>
              <span className={`${styles.secondary} ${styles.num}`}>{formatPrice(product)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
