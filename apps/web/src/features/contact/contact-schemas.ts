/**
 * The contact and appointment forms' rules, from the contract. Loaded on a form's first focus
 * (components/form/lazy-resolver.ts): zod and the contract's schemas stay out of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AppointmentRequestModelSchema, ContactMessageModelSchema } from '@mirror/contract';
import { z } from 'zod';

/** The request form adds 'pieces of interest', folded into the message the API carries. */
export const AppointmentFormSchema = AppointmentRequestModelSchema.extend({
  pieces: z.string().trim().max(300, 'At most 300 characters').optional(),
  location: z.string().trim().min(1, 'Choose a boutique').max(160),
});
export type AppointmentForm = z.infer<typeof AppointmentFormSchema>;

export const contactResolver = zodResolver(ContactMessageModelSchema);
export const appointmentResolver = zodResolver(AppointmentFormSchema);
