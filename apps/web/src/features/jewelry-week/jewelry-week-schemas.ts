/**
 * The submission form's rules, from the contract. Loaded on the form's first focus
 * (components/form/lazy-resolver.ts): zod and the contract's schemas stay out of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { JEWELRY_WEEK_STATEMENT_MAX as STATEMENT_MAX, JewelryWeekModelSchema } from '@mirror/contract';
import { z } from 'zod';
import { formatCount } from '../../lib/format';

export const SubmissionFormSchema = JewelryWeekModelSchema.omit({ files: true, phone: true, brandName: true, instagram: true }).extend({
  country: JewelryWeekModelSchema.shape.name.max(80, 'At most 80 characters'),
  // Its own rule, not the name's (whose 120-character limit refused every real paragraph).
  message: z
    .string()
    .trim()
    .min(40, 'Tell us about the collection in at least 40 characters')
    .max(STATEMENT_MAX, `At most ${formatCount(STATEMENT_MAX)} characters`),
});
export type SubmissionFormValues = z.infer<typeof SubmissionFormSchema>;

export const submissionResolver = zodResolver(SubmissionFormSchema);
