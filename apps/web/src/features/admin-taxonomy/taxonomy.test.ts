import type { Category, Component, ComponentOptional } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import {
  entryMeta,
  existsPath,
  inUseText,
  isDeletable,
  listPath,
  matchesFilter,
  nameTakenText,
  parsePriceDelta,
  priceDeltaInput,
  priceDeltaText,
  readId,
  visibleLevel,
} from './taxonomy';

const ID = '8375a0c7-0fe7-458a-b719-34fb3998f0bc';
const base = { id: ID, description: null, isActive: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const category = (productCount: number, componentCount: number): Category => ({ ...base, name: 'Rings', productCount, componentCount });
const component = (optionalCount: number): Component => ({ ...base, name: 'Shank', categoryId: ID, optionalCount });
const optional = (priceDelta: number): ComponentOptional => ({ ...base, name: 'Knife edge', componentId: ID, priceDelta });

describe('price difference', () => {
  it.each([
    ['', 0],
    ['250', 25_000],
    ['1,200.5', 120_050],
    ['-50.05', -5_005],
    ['\u221275', -7_500],
    ['+ 12', 1_200],
    ['1000000', 100_000_000],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parsePriceDelta(text)).toBe(minor);
  });

  it.each(['abc', '12.345', '1,20', '1000000.01', '--5', '1e3'])('refuses %j', (text) => {
    expect(parsePriceDelta(text)).toBeNull();
  });

  it('writes minor units back as the field shows them, and reads them again unchanged', () => {
    for (const minor of [0, 60_000, -5_050, 123_456_78, 5]) expect(parsePriceDelta(priceDeltaInput(minor))).toBe(minor);
    expect(priceDeltaInput(-5_050)).toBe('-50.50');
    expect(priceDeltaInput(0)).toBe('');
  });

  it('says in words what an optional does to the price', () => {
    expect(priceDeltaText(0)).toBe('No price change');
    expect(priceDeltaText(120_000)).toBe('Adds 1,200');
    expect(priceDeltaText(-5_050)).toBe('Takes off 50.50');
  });
});

describe('counts and plain words', () => {
  it('gives each level its line of counts', () => {
    expect(entryMeta('category', category(1, 3))).toBe('1 piece · 3 components');
    expect(entryMeta('category', category(1_204, 1))).toBe('1,204 pieces · 1 component');
    expect(entryMeta('category', { ...category(0, 0), productCount: undefined } as unknown as Category)).toBe('— pieces · 0 components');
    expect(entryMeta('component', component(0))).toBe('0 optionals');
    expect(entryMeta('optional', optional(60_000))).toBe('Adds 600');
  });

  it('knows what the API will refuse to delete, and says why', () => {
    expect(isDeletable('category', category(0, 0))).toBe(true);
    expect(isDeletable('category', category(2, 0))).toBe(false);
    expect(isDeletable('component', component(1))).toBe(false);
    expect(isDeletable('optional', optional(0))).toBe(true);
    expect(inUseText('category', category(24, 3))).toBe(
      'Rings is used by 24 pieces and 3 components, so it cannot be deleted. Deactivate it instead: it ' +
        'leaves the site and nothing is lost.',
    );
    expect(inUseText('category', category(0, 1))).toMatch(/^Rings is used by 1 component, so/);
    // Nothing counted, yet refused: pieces in the Trash still point at it.
    expect(inUseText('category', category(0, 0))).toMatch(/pieces in the Trash/);
    expect(inUseText('component', component(4))).toBe(
      'Shank has 4 optionals, so it cannot be deleted. Delete them first, or deactivate the component.',
    );
  });

  it('words the live name check per level', () => {
    expect(nameTakenText('category')).toBe('A category with this name already exists');
    expect(nameTakenText('component', 'Rings')).toBe('Rings already has a component with this name');
    expect(nameTakenText('optional')).toBe('This component already has an optional with this name');
  });
});

describe('navigation', () => {
  it('shows the deepest opened level on a phone', () => {
    expect(visibleLevel({})).toBe('category');
    expect(visibleLevel({ categoryId: ID })).toBe('component');
    expect(visibleLevel({ categoryId: ID, componentId: ID })).toBe('optional');
    expect(visibleLevel({ componentId: ID })).toBe('category');
  });

  it('takes only ids from the URL', () => {
    expect(readId(ID)).toBe(ID);
    expect(readId('rings')).toBeUndefined();
    expect(readId(null)).toBeUndefined();
  });

  it('filters by every word, ignoring case and accents', () => {
    expect(matchesFilter('Étoile Solitaire', 'etoile')).toBe(true);
    expect(matchesFilter('Étoile Solitaire', 'sol  ÉTO')).toBe(true);
    expect(matchesFilter('Étoile Solitaire', 'halo')).toBe(false);
    expect(matchesFilter('Anything', '  ')).toBe(true);
  });

  it('builds the list and exists paths per level, names encoded', () => {
    expect(listPath('category', undefined)).toBe('/api/categories');
    expect(listPath('component', ID)).toBe(`/api/components/category/${ID}`);
    expect(listPath('optional', ID)).toBe(`/api/component-optionals/component/${ID}`);
    expect(existsPath('category', 'Rings / Bands', undefined)).toBe('/api/categories/exists/Rings%20%2F%20Bands');
    expect(existsPath('component', 'Shank', ID)).toBe(`/api/components/exists/Shank/category/${ID}`);
    expect(existsPath('optional', 'Halo?', ID)).toBe(`/api/component-optionals/exists/Halo%3F/component/${ID}`);
  });
});
