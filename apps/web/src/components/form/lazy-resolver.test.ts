import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

/** A resolver that refuses an empty email, as a zod resolver would. */
const realResolver: Resolver<Values> = (values): ResolverResult<Values> =>
  values.email ? { values, errors: {} } : { values: {}, errors: { email: { type: 'too_small', message: 'Enter an email' } } };

describe('lazyResolver', () => {
  it('loads nothing until the form is focused or validated', () => {
    const load = vi.fn(() => Promise.resolve(realResolver));
    lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('validates through the loaded resolver, loading it once', async () => {
    const load = vi.fn(() => Promise.resolve(realResolver));
    const rules = lazyResolver(load);
    rules.preload();
    rules.preload();
    expect(await rules.resolver({ email: '' }, undefined, options)).toEqual({
      values: {},
      errors: { email: { type: 'too_small', message: 'Enter an email' } },
    });
    expect(await rules.resolver({ email: 'a@b.co' }, undefined, options)).toEqual({ values: { email: 'a@b.co' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a dropped connection)', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(realResolver);
    const rules = lazyResolver(load);
    // A failed preload is silent; the validation that follows it loads again.
    rules.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(rules.resolver({ email: '' }, undefined, options)).resolves.toMatchObject({
      errors: { email: { message: 'Enter an email' } },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
