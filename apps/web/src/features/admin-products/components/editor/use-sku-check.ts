import { SkuAvailabilityQuerySchema } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { skuAvailabilityQuery } from '../../api/admin-products.queries';

export type SkuCheck =
  { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'taken'; message: string } | { state: 'unknown' };

const DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Asks the API whether the SKU being typed is free, once typing pauses. The piece's own saved SKU
 * is not asked about; a SKU the contract would refuse is left to the form's own message.
 */
export function useSkuCheck(sku: string, piece?: { id: string; sku: string }): SkuCheck {
  const typed = sku.trim();
  const debounced = useDebounced(typed, DEBOUNCE_MS);
  const isOwn = piece !== undefined && debounced.toLowerCase() === piece.sku.toLowerCase();
  const isWellFormed = SkuAvailabilityQuerySchema.shape.sku.safeParse(debounced).success;
  const query = useQuery({ ...skuAvailabilityQuery(debounced, piece?.id), enabled: isWellFormed && !isOwn });
  if (typed === '' || (piece !== undefined && typed.toLowerCase() === piece.sku.toLowerCase())) return { state: 'idle' };
  if (!isWellFormed && typed === debounced) return { state: 'idle' };
  if (typed !== debounced || query.isFetching || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'unknown' };
  return query.data.available ? { state: 'available' } : { state: 'taken', message: query.data.message };
}
