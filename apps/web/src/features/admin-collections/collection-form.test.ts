import { describe, expect, it } from 'vitest';
import { CollectionFormSchema, changedFields, toFormValues } from './collection-form';

const valid = { name: 'Aube', year: 2026, season: 'WINTER' as const, description: '', isFeatured: false };

describe('collection form', () => {
  it('asks for a name and a plausible year, in words', () => {
    const result = CollectionFormSchema.safeParse({ ...valid, name: '  ', year: Number.NaN });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ name: 'Enter a name', year: 'Enter the year, e.g. 2026' });
    expect(CollectionFormSchema.safeParse({ ...valid, year: 1800 }).error?.issues[0]?.message).toBe('Year looks wrong');
  });

  it('starts a new collection in this year and its season', () => {
    expect(toFormValues(undefined, new Date('2026-07-10T00:00:00Z'))).toMatchObject({ year: 2026, season: 'SUMMER', name: '' });
    expect(toFormValues(undefined, new Date('2026-12-10T00:00:00Z')).season).toBe('WINTER');
  });

  it('sends only what changed, trimmed', () => {
    expect(changedFields(valid, { ...valid, name: ' Aube ', description: ' Frost. ', isFeatured: true })).toEqual({
      description: 'Frost.',
      isFeatured: true,
    });
    expect(changedFields(valid, { ...valid, year: 2027, season: 'SPRING' })).toEqual({ year: 2027, season: 'SPRING' });
    expect(changedFields(valid, valid)).toEqual({});
  });
});
