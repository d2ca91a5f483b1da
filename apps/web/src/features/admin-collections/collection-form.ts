import { CreateCollectionBodySchema, type Collection, type CollectionSeason, type UpdateCollectionBody } from '@mirror/contract';
import { z } from 'zod';

const contract = CreateCollectionBodySchema.shape;

/**
 * The editor's fields, validated by the contract's own rules. The year field comes from a number
 * input, so an empty one arrives as NaN: say what to type rather than zod's type message.
 */
export const CollectionFormSchema = z.object({
  name: contract.name,
  year: z.number({ error: 'Enter the year, e.g. 2026' }).pipe(contract.year),
  season: contract.season,
  description: contract.description.unwrap(),
  isFeatured: z.boolean(),
});
export type CollectionFormValues = z.infer<typeof CollectionFormSchema>;
export type CollectionFormInput = z.input<typeof CollectionFormSchema>;
export const COLLECTION_FORM_FIELDS = [
  'name',
  'year',
  'season',
  'description',
  'isFeatured',
] as const satisfies readonly (keyof CollectionFormValues)[];

/** The form's starting values: the collection's, or a new one for this year. */
export function toFormValues(collection: Collection | undefined, now = new Date()): CollectionFormValues {
  if (!collection) return { name: '', year: now.getUTCFullYear(), season: defaultSeason(now), description: '', isFeatured: false };
  return {
    name: collection.name,
    year: collection.year,
    season: collection.season,
    description: collection.description,
    isFeatured: collection.isFeatured,
  };
}

function defaultSeason(now: Date): CollectionSeason {
  const month = now.getUTCMonth();
  if (month <= 1 || month === 11) return 'WINTER';
  if (month <= 4) return 'SPRING';
  if (month <= 7) return 'SUMMER';
  return 'AUTUMN';
}

/** Only what changed goes to PUT, so a save never overwrites a field someone else edited meanwhile. */
export function changedFields(before: CollectionFormValues, after: CollectionFormValues): UpdateCollectionBody {
  const patch: UpdateCollectionBody = {};
  if (after.name.trim() !== before.name.trim()) patch.name = after.name.trim();
  if (after.year !== before.year) patch.year = after.year;
  if (after.season !== before.season) patch.season = after.season;
  if (after.description.trim() !== before.description.trim()) patch.description = after.description.trim();
  if (after.isFeatured !== before.isFeatured) patch.isFeatured = after.isFeatured;
  return patch;
}
