import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformed> {
  /** The form's resolver: the first validation waits for the module, later ones run at once. */
  resolver: Resolver<TFieldValues, TContext, TTransformed>;
  /** Starts loading the module (the form's first focus), so it is there by the first blur. */
  preload: () => void;
}

/**
 * A react-hook-form resolver loaded on first use. A form's zod schema comes from the contract, and
 * importing any schema brings every schema and zod itself (≈ 35 KB gz) into the page's first load —
 * for a page that is read before anyone types (contact, jewelry week, profile, sign-in). The module
 * holding the resolver is fetched when the form is first focused; validation (on blur, on submit) is
 * asynchronous already. A failed load is retried on the next validation.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): LazyResolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
