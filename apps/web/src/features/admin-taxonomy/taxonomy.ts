import type { Category, Component, ComponentOptional } from '@mirror/contract';
import { formatCount } from '../../lib/format';

/** The three levels of the catalogue's taxonomy, top to bottom. */
export interface EntryByLevel {
  category: Category;
  component: Component;
  optional: ComponentOptional;
}
export type Level = keyof EntryByLevel;
export type TaxonomyEntry = EntryByLevel[Level];

export interface LevelConfig {
  noun: string;
  plural: string;
  title: string;
  /** The API resource. */
  base: string;
  /** The level above (whose id the create body carries), or null for categories. */
  parent: Level | null;
  /** The level below, or null for the leaf. */
  child: Level | null;
  /** The URL search parameter holding the selected entry, for levels that can be opened. */
  param: 'category' | 'component' | null;
  /** The URL search parameter holding the column's filter text. */
  filterParam: string;
}

export const LEVELS: Record<Level, LevelConfig> = {
  category: {
    noun: 'category',
    plural: 'categories',
    title: 'Categories',
    base: '/api/categories',
    parent: null,
    child: 'component',
    param: 'category',
    filterParam: 'q',
  },
  component: {
    noun: 'component',
    plural: 'components',
    title: 'Components',
    base: '/api/components',
    parent: 'category',
    child: 'optional',
    param: 'component',
    filterParam: 'componentQ',
  },
  optional: {
    noun: 'optional',
    plural: 'optionals',
    title: 'Optionals',
    base: '/api/component-optionals',
    parent: 'component',
    child: null,
    param: null,
    filterParam: 'optionalQ',
  },
};

export const LEVEL_ORDER: readonly Level[] = ['category', 'component', 'optional'];

/** The list of a level: every category, or the children of one parent. */
export function listPath(level: Level, parentId: string | undefined): string {
  if (level === 'category') return LEVELS.category.base;
  const id = encodeURIComponent(parentId ?? '');
  return level === 'component' ? `/api/components/category/${id}` : `/api/component-optionals/component/${id}`;
}

/** Whether the name is taken: among all categories, or among one parent's children. */
export function existsPath(level: Level, name: string, parentId: string | undefined): string {
  const encoded = encodeURIComponent(name);
  if (level === 'category') return `/api/categories/exists/${encoded}`;
  const id = encodeURIComponent(parentId ?? '');
  return level === 'component'
    ? `/api/components/exists/${encoded}/category/${id}`
    : `/api/component-optionals/exists/${encoded}/component/${id}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the URL, or undefined when absent or not an id at all. */
export function readId(raw: string | null): string | undefined {
  return raw && UUID.test(raw) ? raw : undefined;
}

/** On a phone one level shows at a time: the deepest one opened. */
export function visibleLevel(selection: { categoryId?: string | undefined; componentId?: string | undefined }): Level {
  if (selection.categoryId && selection.componentId) return 'optional';
  if (selection.categoryId) return 'component';
  return 'category';
}

/** '1 piece', '24 pieces'. */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Lower case, accents dropped: 'etoile' finds 'Étoile'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The column filter: every word of the query appears in the name. */
export function matchesFilter(name: string, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const target = fold(name);
  return words.every((word) => target.includes(word));
}

const MAX_DELTA = 100_000_000;
const AMOUNT = /^([+\-\u2212]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * The optional's price difference as typed ('250', '-50.50', '1,200') → minor units; '' is 0.
 * Null when it is not an amount or beyond what the API accepts (±1,000,000.00).
 */
export function parsePriceDelta(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return 0;
  const match = AMOUNT.exec(trimmed);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole.replace(/,/g, '')) * 100 + Number(fraction.padEnd(2, '0') || '0');
  const value = sign === '-' || sign === '\u2212' ? -minor : minor;
  return Math.abs(value) <= MAX_DELTA ? value : null;
}

/** Minor units → the amount in the form field: 120000 → '1200', -5050 → '-50.50'. */
export function priceDeltaInput(minor: number): string {
  if (minor === 0) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const cents = abs % 100;
  return `${sign}${Math.floor(abs / 100)}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

function amountText(abs: number): string {
  const cents = abs % 100;
  return `${formatCount(Math.floor(abs / 100))}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** How an optional changes a piece's price, in words (the currency is the piece's own). */
export function priceDeltaText(minor: number): string {
  if (minor === 0) return 'No price change';
  return minor > 0 ? `Adds ${amountText(minor)}` : `Takes off ${amountText(-minor)}`;
}

/** The quiet line under an entry's name: what hangs from it. */
export function entryMeta(level: Level, entry: TaxonomyEntry): string {
  if (level === 'category') {
    const category = entry as Category;
    // An API from before the counts were added answers without them: '—', not 'undefined'.
    const pieces = Number.isInteger(category.productCount) ? countOf(category.productCount, 'piece', 'pieces') : '— pieces';
    const components = Number.isInteger(category.componentCount)
      ? countOf(category.componentCount, 'component', 'components')
      : '— components';
    return `${pieces} · ${components}`;
  }
  if (level === 'component') return countOf((entry as Component).optionalCount, 'optional', 'optionals');
  return priceDeltaText((entry as ComponentOptional).priceDelta);
}

/** The live name check's warning, shown before the form is sent. */
export function nameTakenText(level: Level, parentName?: string): string {
  if (level === 'category') return 'A category with this name already exists';
  const parent = parentName ? parentName : level === 'component' ? 'This category' : 'This component';
  return `${parent} already has ${level === 'component' ? 'a component' : 'an optional'} with this name`;
}

/** Whether the API will delete it, judged from the counts the list gives (the API still has the last word). */
export function isDeletable(level: Level, entry: TaxonomyEntry): boolean {
  if (level === 'category') {
    const category = entry as Category;
    return category.productCount === 0 && category.componentCount === 0;
  }
  if (level === 'component') return (entry as Component).optionalCount === 0;
  return true;
}

/**
 * Why an entry cannot be deleted, in plain words — shown beside the Delete action and when the
 * API answers 409. Pieces in the Trash are not counted but still hold their category.
 */
export function inUseText(level: Level, entry: TaxonomyEntry): string {
  const { name } = entry;
  if (level === 'category') {
    const category = entry as Category;
    const parts = [
      category.productCount > 0 ? countOf(category.productCount, 'piece', 'pieces') : null,
      category.componentCount > 0 ? countOf(category.componentCount, 'component', 'components') : null,
    ].filter((part): part is string => part !== null);
    if (parts.length > 0)
      return `${name} is used by ${joinAnd(parts)}, so it cannot be deleted. Deactivate it instead: it leaves the site and nothing is lost.`;
    return `${name} is still used by pieces in the Trash, so it cannot be deleted. Delete those pieces permanently first, or deactivate the category.`;
  }
  if (level === 'component') {
    const count = (entry as Component).optionalCount;
    if (count > 0)
      return `${name} has ${countOf(count, 'optional', 'optionals')}, so it cannot be deleted. Delete them first, or deactivate the component.`;
    return `${name} is still in use, so it cannot be deleted. Deactivate it instead.`;
  }
  return `${name} is still in use, so it cannot be deleted. Deactivate it instead.`;
}
