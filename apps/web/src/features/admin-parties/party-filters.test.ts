import { describe, expect, it, vi } from 'vitest';
import { filterChips, toApiFilter, type PartyUrlFilters } from './party-filters';

const none: PartyUrlFilters = {
  specialty: undefined,
  type: undefined,
  country: undefined,
  verified: undefined,
  featured: undefined,
  active: undefined,
};

describe('toApiFilter', () => {
  it('keeps only the kind’s own filters and turns yes/no into booleans', () => {
    const url: PartyUrlFilters = {
      specialty: 'High jewelry',
      type: 'ATELIER',
      country: 'fr',
      verified: 'yes',
      featured: 'no',
      active: undefined,
    };
    expect(toApiFilter('designer', url)).toEqual({
      specialty: 'High jewelry',
      type: undefined,
      country: 'FR',
      verified: true,
      featured: false,
      active: undefined,
    });
    expect(toApiFilter('vendor', url)).toEqual({
      specialty: undefined,
      type: 'ATELIER',
      country: 'FR',
      verified: true,
      featured: false,
      active: undefined,
    });
  });

  it('drops a malformed country instead of asking the API for a 400', () => {
    expect(toApiFilter('vendor', { ...none, country: 'France' }).country).toBeUndefined();
  });
});

describe('filterChips', () => {
  it('names each active filter in words and removes the right one', () => {
    const clear = vi.fn();
    const clearQuery = vi.fn();
    const chips = filterChips(
      'vendor',
      'gem',
      { ...none, type: 'GEMSTONE_SUPPLIER', country: 'BE', active: 'no', specialty: 'ignored' },
      { clear, clearQuery },
    );
    expect(chips.map((c) => c.label)).toEqual(['“gem”', 'Gemstone supplier', 'Belgium', 'Inactive']);
    chips[3]!.onRemove();
    expect(clear).toHaveBeenCalledWith('active');
    chips[0]!.onRemove();
    expect(clearQuery).toHaveBeenCalled();
  });

  it('shows nothing when nothing is filtered', () => {
    expect(filterChips('designer', '', none, { clear: vi.fn(), clearQuery: vi.fn() })).toEqual([]);
  });
});
