import { z } from 'zod';
import { pageSchema, PageQuerySchema, sortParam } from './common';

/** Digital jewelry week entries, recorded when the public form's submission email is queued. */
export const SUBMISSION_STATUSES = ['RECEIVED', 'UNDER_REVIEW', 'SELECTED', 'DECLINED'] as const;
export const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

/**
 * received → under review → selected | declined. A decision is final: the designer has been written to,
 * and a second letter contradicting the first is worse than a mistake corrected by a personal reply.
 */
export const SUBMISSION_TRANSITIONS: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  RECEIVED: ['UNDER_REVIEW'],
  UNDER_REVIEW: ['SELECTED', 'DECLINED'],
  SELECTED: [],
  DECLINED: [],
};

/** A file uploaded with the entry (to the jewelry-week folder); `url` is served by GET /api/files/…. */
export const SubmissionFileSchema = z.object({
  key: z.string(),
  /** The file name the designer chose, as they sent it. */
  name: z.string().nullable(),
  url: z.string(),
  /** false for a PDF. */
  isImage: z.boolean(),
});
export type SubmissionFile = z.infer<typeof SubmissionFileSchema>;

export const SubmissionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  brandName: z.string().nullable(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  collectionTitle: z.string().nullable(),
  statement: z.string().nullable(),
  files: z.array(SubmissionFileSchema),
  status: SubmissionStatusSchema,
  /** The moves the server accepts from the current status (SUBMISSION_TRANSITIONS). */
  allowedStatuses: z.array(SubmissionStatusSchema),
  /** The decision email in the outbox (GET /api/notifications/outbox/{id}), once SELECTED or DECLINED. */
  decisionEmailId: z.uuid().nullable(),
  statusChangedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Submission = z.infer<typeof SubmissionSchema>;
export const SubmissionPageSchema = pageSchema(SubmissionSchema);
export type SubmissionPage = z.infer<typeof SubmissionPageSchema>;

export const SubmissionHistoryEntrySchema = z.object({
  id: z.uuid(),
  /** null for the entry's arrival. */
  fromStatus: SubmissionStatusSchema.nullable(),
  toStatus: SubmissionStatusSchema,
  /** The curator's internal note; never sent to the designer. */
  note: z.string().nullable(),
  changedBy: z.uuid().nullable(),
  changedByUsername: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SubmissionHistoryEntry = z.infer<typeof SubmissionHistoryEntrySchema>;

export const SubmissionDetailSchema = SubmissionSchema.extend({ history: z.array(SubmissionHistoryEntrySchema) });
export type SubmissionDetail = z.infer<typeof SubmissionDetailSchema>;

/** What a designer sees of their own entries: no internal notes, no history, no curator names. */
export const MySubmissionSchema = SubmissionSchema.pick({
  id: true,
  name: true,
  brandName: true,
  country: true,
  collectionTitle: true,
  statement: true,
  files: true,
  status: true,
  statusChangedAt: true,
  createdAt: true,
});
export type MySubmission = z.infer<typeof MySubmissionSchema>;
export const MySubmissionPageSchema = pageSchema(MySubmissionSchema);
export type MySubmissionPage = z.infer<typeof MySubmissionPageSchema>;

export const SUBMISSION_SORT_FIELDS = ['createdAt', 'name', 'status'] as const;
const SearchSchema = z.string().trim().min(1).max(100);

export const SubmissionListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(SUBMISSION_SORT_FIELDS, 'createdAt,desc'),
  status: SubmissionStatusSchema.optional(),
  /** Part of the name, email or country, case-insensitive. */
  q: SearchSchema.optional(),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuerySchema>;

export const SubmissionFacetsQuerySchema = z.object({ q: SearchSchema.optional() });
export type SubmissionFacetsQuery = z.infer<typeof SubmissionFacetsQuerySchema>;

/** Counts per status for the tabs, following the search `q`; `total` is the "All" tab. */
export const SubmissionFacetsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(SubmissionStatusSchema, z.number().int()),
});
export type SubmissionFacets = z.infer<typeof SubmissionFacetsSchema>;

export const UpdateSubmissionBodySchema = z
  .object({
    status: SubmissionStatusSchema,
    /** Internal to the house; kept in the entry's history. */
    note: z.string().trim().min(1, 'Write a note or leave it out').max(2000, 'At most 2000 characters').optional(),
  })
  .strict();
export type UpdateSubmissionBody = z.infer<typeof UpdateSubmissionBodySchema>;
