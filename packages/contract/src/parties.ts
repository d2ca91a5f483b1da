import { z } from 'zod';
import { pageSchema, PageQuerySchema, sortParam, booleanQuery } from './common';
import { FileKeySchema, MoneySchema, VendorTypeSchema } from './catalog';
import { OrderStatusSchema } from './orders';
import { EmailSchema } from './users';

// Designers and vendors ("parties"): the people and houses behind the pieces.

const Text = (max: number) => z.string().trim().min(1, 'This field is required').max(max, `At most ${max} characters`);

/** Short business code, unique regardless of case: `MIR-ATL`, `AOK`. */
export const PartyCodeSchema = z
  .string()
  .trim()
  .min(2, 'Code must be at least 2 characters')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dot, dash and underscore');
export const CountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter ISO country code such as FR')
  .transform((c) => c.toUpperCase());
export const WebsiteSchema = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://' }));
const LongText = z.string().trim().max(5000, 'At most 5000 characters');

export const PartyCodeParamsSchema = z.object({ code: PartyCodeSchema });

/** Shared list query: `filter=current-user` answers the caller's own record (a page of zero or one). */
export const PartyListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(['code', 'name', 'createdAt'] as const, 'name,asc'),
  filter: z.literal('current-user').optional(),
  verified: booleanQuery.optional(),
  featured: booleanQuery.optional(),
  /** ADMIN only (ignored otherwise): `true` or `false` narrows to active or inactive records. */
  active: booleanQuery.optional(),
  /** ADMIN only: also list soft-deleted records. */
  includeDeleted: booleanQuery.optional(),
});
export type PartyListQuery = z.infer<typeof PartyListQuerySchema>;

const ListSearch = z.string().trim().max(100, 'At most 100 characters').optional();

/** GET /api/designers: the shared filters plus text (`q`, as /search matches it), specialty (any case) and country. */
export const DesignerListQuerySchema = PartyListQuerySchema.extend({
  q: ListSearch,
  specialty: z.string().trim().min(1).max(120, 'At most 120 characters').optional(),
  country: CountryCodeSchema.optional(),
});
export type DesignerListQuery = z.infer<typeof DesignerListQuerySchema>;

/** GET /api/vendors: the shared filters plus text (`q`, as /search matches it), country and type. */
export const VendorListQuerySchema = PartyListQuerySchema.extend({
  q: ListSearch,
  country: CountryCodeSchema.optional(),
  type: VendorTypeSchema.optional(),
});
export type VendorListQuery = z.infer<typeof VendorListQuerySchema>;

const PartyFacetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));
/** GET /api/designers/filters: the specialties and countries in use, with counts, over what the caller may see. */
export const DesignerFacetsSchema = z.object({ specialties: PartyFacetSchema, countries: PartyFacetSchema });
export type DesignerFacets = z.infer<typeof DesignerFacetsSchema>;
/** GET /api/vendors/filters: the countries and types in use, with counts, over what the caller may see. */
export const VendorFacetsSchema = z.object({ countries: PartyFacetSchema, types: PartyFacetSchema });
export type VendorFacets = z.infer<typeof VendorFacetsSchema>;

/** `search` matches code, name, specialty/country and biography/description; empty lists everything. */
export const PartySearchQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type PartySearchQuery = z.infer<typeof PartySearchQuerySchema>;

const flags = {
  isActive: z.boolean(),
  isVerified: z.boolean(),
  isFeatured: z.boolean(),
};
const stamps = {
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
};

/**
 * One party's record and bodies from its profile: the record is `id`, `code`, the party's own
 * fields, then the owner, flags and stamps; the owner may change the profile fields, everything
 * else (code, flags, owner) is ADMIN's.
 */
function partyRecordSchema<F extends z.ZodRawShape>(fields: F) {
  return z.object({
    id: z.uuid(),
    code: z.string(),
    ...fields,
    /** The owning account; shown to ADMIN and to the owner only. */
    userId: z.uuid().nullable().optional(),
    ...flags,
    ...stamps,
  });
}

function partyBodySchemas<P extends z.ZodRawShape>(profile: P) {
  const create = z
    .object({
      code: PartyCodeSchema,
      ...profile,
      userId: z.uuid().nullable().optional(),
      isActive: z.boolean().default(true),
      isVerified: z.boolean().default(false),
      isFeatured: z.boolean().default(false),
    })
    .strict();
  const update = z
    .object({
      code: PartyCodeSchema,
      ...profile,
      userId: z.uuid().nullable(),
      isActive: z.boolean(),
      isVerified: z.boolean(),
      isFeatured: z.boolean(),
    })
    .partial()
    .strict();
  return { create, update, profileFields: Object.keys(profile) as (keyof P & string)[] };
}

// ---------- Designers ----------
export const DesignerSchema = partyRecordSchema({
  displayName: z.string(),
  specialty: z.string(),
  bio: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  country: z.string().nullable(),
  avatarKey: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Designer = z.infer<typeof DesignerSchema>;
export const DesignerPageSchema = pageSchema(DesignerSchema);
export type DesignerPage = z.infer<typeof DesignerPageSchema>;

const designerBodies = partyBodySchemas({
  displayName: Text(200),
  specialty: Text(120),
  bio: LongText.nullable().optional(),
  email: EmailSchema.nullable().optional(),
  website: WebsiteSchema.nullable().optional(),
  country: CountryCodeSchema.nullable().optional(),
  avatarKey: FileKeySchema.nullable().optional(),
});
/** What the owner may change. */
export const DESIGNER_PROFILE_FIELDS = designerBodies.profileFields;
export const CreateDesignerBodySchema = designerBodies.create;
export type CreateDesignerBody = z.infer<typeof CreateDesignerBodySchema>;
export const UpdateDesignerBodySchema = designerBodies.update;
export type UpdateDesignerBody = z.infer<typeof UpdateDesignerBodySchema>;

export const SpecialtyParamsSchema = z.object({ specialty: Text(120) });

// ---------- Vendors ----------
export const VendorSchema = partyRecordSchema({
  name: z.string(),
  country: z.string(),
  type: VendorTypeSchema,
  description: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logoKey: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type Vendor = z.infer<typeof VendorSchema>;
export const VendorPageSchema = pageSchema(VendorSchema);
export type VendorPage = z.infer<typeof VendorPageSchema>;

const vendorBodies = partyBodySchemas({
  name: Text(200),
  country: CountryCodeSchema,
  type: VendorTypeSchema,
  description: LongText.nullable().optional(),
  email: EmailSchema.nullable().optional(),
  website: WebsiteSchema.nullable().optional(),
  logoKey: FileKeySchema.nullable().optional(),
});
/** What the owner may change. */
export const VENDOR_PROFILE_FIELDS = vendorBodies.profileFields;
export const CreateVendorBodySchema = vendorBodies.create;
export type CreateVendorBody = z.infer<typeof CreateVendorBodySchema>;
export const UpdateVendorBodySchema = vendorBodies.update;
export type UpdateVendorBody = z.infer<typeof UpdateVendorBodySchema>;

export const CountryParamsSchema = z.object({ country: CountryCodeSchema });
export const VendorTypeParamsSchema = z.object({ type: VendorTypeSchema });

// ---------- Dashboards ----------
/** An order as a designer or vendor sees it: only the lines that are theirs. */
export const PartyRecentOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: OrderStatusSchema,
  createdAt: z.iso.datetime(),
  units: z.number().int(),
  amount: MoneySchema,
});
export type PartyRecentOrder = z.infer<typeof PartyRecentOrderSchema>;

export const PartyDashboardSchema = z.object({
  /** Non-deleted pieces, any status. */
  pieces: z.number().int(),
  /** Pieces on sale (status ACTIVE). */
  livePieces: z.number().int(),
  featuredPieces: z.number().int(),
  stockUnits: z.number().int(),
  /** From the lines of every order that is not CANCELLED. */
  ordersCount: z.number().int(),
  unitsSold: z.number().int(),
  /** One amount per currency, in minor units. */
  revenue: z.array(MoneySchema),
  recentOrders: z.array(PartyRecentOrderSchema),
});
export type PartyDashboard = z.infer<typeof PartyDashboardSchema>;

export const DesignerDashboardSchema = PartyDashboardSchema.extend({ designer: DesignerSchema });
export type DesignerDashboard = z.infer<typeof DesignerDashboardSchema>;
export const VendorDashboardSchema = PartyDashboardSchema.extend({ vendor: VendorSchema });
export type VendorDashboard = z.infer<typeof VendorDashboardSchema>;
