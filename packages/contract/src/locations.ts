import { z } from 'zod';
import { pageSchema, PageQuerySchema, sortParam, booleanQuery } from './common';

export const LOCATION_TYPES = ['BOUTIQUE', 'ATELIER', 'SHOWROOM', 'OFFICE', 'SERVICE_CENTER'] as const;
export const LocationTypeSchema = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof LocationTypeSchema>;

export const LOCATION_SERVICES = [
  'BESPOKE_DESIGN',
  'RESIZING',
  'CLEANING',
  'ENGRAVING',
  'APPRAISAL',
  'REPAIR',
  'PRIVATE_VIEWING',
  'BRIDAL_CONSULTATION',
] as const;
export const LocationServiceSchema = z.enum(LOCATION_SERVICES);
export type LocationService = z.infer<typeof LocationServiceSchema>;

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour HH:MM');
export const OpeningIntervalSchema = z
  .object({ open: TimeSchema, close: TimeSchema })
  .refine((i) => i.open < i.close, { error: 'Closing time must be after opening time', path: ['close'] });

/** Minutes since midnight of a valid `HH:MM`. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's intervals may come in any order but must not overlap (touching, 12:00–14:00 then 14:00–18:00, is fine). */
const DayHoursSchema = z
  .array(OpeningIntervalSchema)
  .max(3, 'At most 3 opening ranges a day')
  .superRefine((intervals, ctx) => {
    const order = intervals.map((interval, index) => ({ ...interval, index })).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let i = 1; i < order.length; i += 1) {
      const previous = order[i - 1]!;
      const current = order[i]!;
      if (minutesOf(current.open) < minutesOf(previous.close)) {
        ctx.addIssue({ code: 'custom', path: [current.index, 'open'], message: `Overlaps ${previous.open}–${previous.close}` });
      }
    }
  });

/** Per weekday, the opening intervals (two when the boutique closes for lunch); an empty list means closed. */
export const OpeningHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema.default([])])) as Record<Weekday, z.ZodDefault<typeof DayHoursSchema>>,
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** A dated exceptional closure (a holiday, an inventory day): the boutique is closed all that day, whatever its weekly hours. */
export const LocationClosureSchema = z.object({
  date: z.iso.date('Use a date such as 2026-12-25'),
  note: z.string().trim().max(120, 'At most 120 characters').default(''),
});
export type LocationClosure = z.infer<typeof LocationClosureSchema>;

/** At most 60 closures, one per date. */
export const LocationClosuresSchema = z
  .array(LocationClosureSchema)
  .max(60, 'At most 60 closures')
  .superRefine((closures, ctx) => {
    const seen = new Set<string>();
    closures.forEach((closure, index) => {
      if (seen.has(closure.date)) ctx.addIssue({ code: 'custom', path: [index, 'date'], message: 'This date is already listed' });
      seen.add(closure.date);
    });
  });

export const LocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  type: LocationTypeSchema,
  description: z.string().nullable(),
  address: z.string(),
  postalCode: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  openingHours: OpeningHoursSchema,
  /** Dated closures, in date order (past ones included). */
  closures: z.array(LocationClosureSchema),
  services: z.array(LocationServiceSchema),
  isAppointmentBookable: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
});
export type Location = z.infer<typeof LocationSchema>;
export const LocationPageSchema = pageSchema(LocationSchema);
export type LocationPage = z.infer<typeof LocationPageSchema>;

const Text = (max: number) => z.string().trim().min(1, 'This field is required').max(max, `At most ${max} characters`);

/** Every writable field, no defaults: the update takes them as they are (a default would overwrite what a PUT leaves out). */
const LocationFieldsSchema = z
  .object({
    name: Text(120),
    type: LocationTypeSchema,
    description: z.string().trim().max(2000).nullable().optional(),
    address: Text(300),
    postalCode: z.string().trim().max(20).nullable().optional(),
    city: Text(100),
    country: Text(100),
    countryCode: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'Use a two-letter ISO country code such as FR'),
    latitude: z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
    longitude: z.number().min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180'),
    timezone: z
      .string()
      .trim()
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Use an IANA time zone such as Europe/Paris'),
    phone: z
      .string()
      .trim()
      .max(32)
      .regex(/^[+0-9 ().-]*$/, 'Enter a valid phone number')
      .nullable()
      .optional(),
    email: z.string().trim().max(254).pipe(z.email('Enter a valid email address')).nullable().optional(),
    openingHours: OpeningHoursSchema,
    closures: LocationClosuresSchema,
    services: z.array(LocationServiceSchema).max(LOCATION_SERVICES.length),
    isAppointmentBookable: z.boolean(),
    isActive: z.boolean(),
  })
  .strict();
export const CreateLocationBodySchema = LocationFieldsSchema.extend({
  openingHours: OpeningHoursSchema.default(Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as OpeningHours),
  closures: LocationClosuresSchema.default([]),
  services: LocationFieldsSchema.shape.services.default([]),
  isAppointmentBookable: z.boolean().default(false),
  isActive: z.boolean().default(true),
}).strict();
export type CreateLocationBody = z.infer<typeof CreateLocationBodySchema>;

/** Only the fields sent change (zod 4 would apply a default even to a key left out of a partial). */
export const UpdateLocationBodySchema = LocationFieldsSchema.partial().strict();
export type UpdateLocationBody = z.infer<typeof UpdateLocationBodySchema>;

export const LOCATION_SORT_FIELDS = ['name', 'city', 'country', 'type', 'createdAt', 'deletedAt'] as const;

export const LocationListQuerySchema = PageQuerySchema.extend({
  sort: sortParam(LOCATION_SORT_FIELDS, 'name,asc'),
  /** ADMIN only: also list soft-deleted locations. */
  includeDeleted: booleanQuery.optional(),
  /** ADMIN only (visitors get an empty page): `only` lists soft-deleted locations alone (the Trash). */
  deleted: z.enum(['only']).optional(),
});
export type LocationListQuery = z.infer<typeof LocationListQuerySchema>;

export const LocationFilterQuerySchema = LocationListQuerySchema.extend({
  city: z.string().trim().min(1).max(100).optional(),
  country: z.string().trim().min(1).max(100).optional(),
  type: LocationTypeSchema.optional(),
  service: LocationServiceSchema.optional(),
  /** Non-admins always see active locations only. */
  active: booleanQuery.optional(),
  bookable: booleanQuery.optional(),
  /** Search text (name, city, country, address, description) on top of the filters. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type LocationFilterQuery = z.infer<typeof LocationFilterQuerySchema>;

export const LocationSearchQuerySchema = LocationListQuerySchema.extend({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const LocationFacetsSchema = z.object({
  cities: FacetSchema,
  countries: FacetSchema,
  types: FacetSchema,
  services: FacetSchema,
  total: z.number().int(),
});
export type LocationFacets = z.infer<typeof LocationFacetsSchema>;

export const LocationStatisticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  deleted: z.number().int(),
  appointmentBookable: z.number().int(),
  byType: z.record(LocationTypeSchema, z.number().int()),
  byCountry: z.array(z.object({ country: z.string(), count: z.number().int() })),
  cities: z.number().int(),
});
export type LocationStatistics = z.infer<typeof LocationStatisticsSchema>;
