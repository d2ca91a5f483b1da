import type { ProductFacets } from '@mirror/contract';
import { AVAILABILITIES } from '../../../config/vocabulary';
import { useState, type SubmitEvent } from 'react';
import { humanize } from '../../../lib/format';
import styles from './facet-panel.module.css';
import { useProductListState, type ProductListUrlState } from './use-product-list-state';

interface FacetOption {
  value: string;
  label: string;
  count?: number;
}

function FacetGroup({
  legend,
  name,
  options,
  selected,
  onSelect,
}: {
  legend: string;
  name: string;
  options: FacetOption[];
  selected: string | undefined;
  onSelect: (value: string | undefined) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.options}>
        <li>
          <label className={styles.option}>
            <input type="radio" name={name} checked={selected === undefined} onChange={() => onSelect(undefined)} />
            <span>All</span>
          </label>
        </li>
        {options.map((option) => (
          <li key={option.value}>
            <label className={styles.option}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={selected !== undefined && selected.toLowerCase() === option.value.toLowerCase()}
                onChange={() => onSelect(option.value)}
              />
              <span>{option.label}</span>
              {option.count !== undefined ? <span className={styles.count}>{option.count}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PriceRange({
  min,
  max,
  bounds,
  onApply,
}: {
  min?: number;
  max?: number;
  bounds: ProductFacets['price'] | undefined;
  onApply: (min?: number, max?: number) => void;
}) {
  const [from, setFrom] = useState(min?.toString() ?? '');
  const [until, setUntil] = useState(max?.toString() ?? '');
  // A range set elsewhere (the URL, "clear") replaces what is typed: put right during the render that brings it.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setFrom(min?.toString() ?? '');
    setUntil(max?.toString() ?? '');
  }
  const toNumber = (text: string) =>
    text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Math.max(0, Math.round(Number(text)));
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    onApply(toNumber(from), toNumber(until));
  };
  const lowest = bounds?.min != null ? Math.floor(bounds.min / 100) : undefined;
  const highest = bounds?.max != null ? Math.ceil(bounds.max / 100) : undefined;
  return (
    <form className={styles.group} onSubmit={onSubmit} aria-labelledby="price-legend">
      <p className={styles.legend} id="price-legend">
        Price
      </p>
      <div className={styles.priceRow}>
        <label className={styles.priceField}>
          <span>
            From <span className="visually-hidden">in euros</span>
          </span>
          <span className={styles.money}>
            <span aria-hidden="true">€</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={100}
              placeholder={lowest?.toString() ?? '0'}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </span>
        </label>
        <label className={styles.priceField}>
          <span>
            To <span className="visually-hidden">in euros</span>
          </span>
          <span className={styles.money}>
            <span aria-hidden="true">€</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={100}
              placeholder={highest?.toString() ?? ''}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </span>
        </label>
      </div>
      <button type="submit" className={styles.apply}>
        Apply price
      </button>
    </form>
  );
}

export interface FacetPanelProps {
  facets: ProductFacets | undefined;
}

const toOptions = (values: ProductFacets['categories'] | undefined): FacetOption[] =>
  (values ?? []).map((v) => ({ value: v.value, label: v.label ?? humanize(v.value), count: v.count }));

/** Stones and cuts are named as the catalogue writes them ('Golden Beryl', 'Emerald'). */
const asNamed = (values: ProductFacets['stones'] | undefined): FacetOption[] =>
  (values ?? []).map((v) => ({ value: v.value, label: v.value, count: v.count }));

/** The left sidebar of /products-left: every facet with its count for the current selection. */
export function FacetPanel({ facets }: FacetPanelProps) {
  const { state, update } = useProductListState();
  const [isOpen, setIsOpen] = useState(false);
  const set = (key: keyof ProductListUrlState) => (value: string | undefined) => update({ [key]: value });
  const availability = facets ? toOptions(facets.availability) : AVAILABILITIES.map((value) => ({ value, label: humanize(value) }));
  return (
    <aside className={styles.panel} aria-label="Filters" data-open={isOpen || undefined}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isOpen}
        aria-controls="facet-groups"
        onClick={() => setIsOpen((v) => !v)}
      >
        {isOpen ? 'Hide filters' : 'Show filters'}
      </button>
      <div id="facet-groups" className={styles.groups}>
        <FacetGroup
          legend="Category"
          name="category"
          options={toOptions(facets?.categories)}
          selected={state.category}
          onSelect={set('category')}
        />
        <FacetGroup legend="Metal" name="metal" options={toOptions(facets?.metals)} selected={state.metal} onSelect={set('metal')} />
        <FacetGroup legend="Stone" name="stone" options={asNamed(facets?.stones)} selected={state.stone} onSelect={set('stone')} />
        <FacetGroup legend="Cut" name="cut" options={asNamed(facets?.cuts)} selected={state.cut} onSelect={set('cut')} />
        <FacetGroup
          legend="Collection"
          name="collection"
          options={toOptions(facets?.collections)}
          selected={state.collection}
          onSelect={set('collection')}
        />
        <PriceRange min={state.min} max={state.max} bounds={facets?.price} onApply={(min, max) => update({ min, max })} />
        <FacetGroup
          legend="Availability"
          name="availability"
          options={availability}
          selected={state.availability}
          onSelect={set('availability')}
        />
      </div>
    </aside>
  );
}
