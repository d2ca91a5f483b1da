import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { taxonomyExistsQuery } from '../api/taxonomy.queries';
import type { Level } from '../taxonomy';

export type NameCheck = 'idle' | 'checking' | 'taken' | 'free';

const DEBOUNCE_MS = 300;
const MAX_NAME = 200;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Asks the API's `exists` call whether the name is taken while the person types (after a short
 * pause), so a duplicate is flagged before the form is sent. The entry's own name (when renaming)
 * is never a clash; the server compares names case-insensitively, and so does this.
 */
export function useNameCheck(level: Level, name: string, parentId: string | undefined, ownName?: string): NameCheck {
  const trimmed = name.trim();
  const settled = useDebounced(trimmed, DEBOUNCE_MS);
  const isOwn = (value: string) => ownName !== undefined && value.toLowerCase() === ownName.trim().toLowerCase();
  const hasParent = level === 'category' || Boolean(parentId);
  const isCheckable = settled.length > 0 && settled.length <= MAX_NAME && !isOwn(settled) && hasParent;
  const query = useQuery({ ...taxonomyExistsQuery(level, settled, parentId), enabled: isCheckable });
  if (!trimmed || trimmed.length > MAX_NAME || isOwn(trimmed) || !hasParent) return 'idle';
  if (settled !== trimmed || query.isFetching) return 'checking';
  if (!query.data) return 'idle';
  return query.data.exists ? 'taken' : 'free';
}
