import { describe, expect, it } from 'vitest';
import { param, patchParams, readParams, type ParamSpec } from './url-state';

interface State {
  q: string | undefined;
  sort: 'new' | 'old';
  page: number;
  min: number | undefined;
}
const spec: ParamSpec<State> = {
  q: param.optionalString(),
  sort: param.oneOf(['new', 'old'] as const, 'new'),
  page: param.int(1, { min: 1 }),
  min: param.optionalInt(),
};

describe('readParams', () => {
  it('reads typed values and falls back on anything unexpected', () => {
    expect(readParams(new URLSearchParams('q=ring&sort=old&page=3&min=500'), spec)).toEqual({ q: 'ring', sort: 'old', page: 3, min: 500 });
    expect(readParams(new URLSearchParams('sort=sideways&page=-2&min=abc'), spec)).toEqual({
      q: undefined,
      sort: 'new',
      page: 1,
      min: undefined,
    });
  });
});

describe('patchParams', () => {
  it('drops defaults and empty values so URLs stay short', () => {
    const next = patchParams(new URLSearchParams('q=ring&sort=old'), spec, { q: '', sort: 'new' });
    expect(next.toString()).toBe('');
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    expect(patchParams(new URLSearchParams('page=4'), spec, { min: 100 }).toString()).toBe('min=100');
    expect(patchParams(new URLSearchParams('min=100'), spec, { page: 2 }).toString()).toBe('min=100&page=2');
  });

  it('keeps parameters it does not know about', () => {
    expect(patchParams(new URLSearchParams('utm=x'), spec, { sort: 'old' }).toString()).toBe('utm=x&sort=old');
  });
});
