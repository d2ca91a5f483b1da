import {
  CreateLocationBodySchema,
  LocationClosuresSchema,
  OpeningHoursSchema,
  type CreateLocationBody,
  type Location,
  type UpdateLocationBody,
} from '@mirror/contract';
import { z } from 'zod';
import { defaultWeek, fullWeek, sortRanges } from './hours';

const contract = CreateLocationBodySchema.shape;

/** Optional text fields are '' in the form and null in the API. */
const optionalText = (schema: z.ZodType<string | null | undefined>) =>
  z.string().refine((value) => value.trim() === '' || schema.safeParse(value.trim()).success, {
    error: (issue) => {
      const result = schema.safeParse(String(issue.input).trim());
      return result.success ? 'Invalid value' : (result.error.issues[0]?.message ?? 'Invalid value');
    },
  });

/** A number input gives NaN when empty: say what to type rather than zod's type message. */
const coordinate = (label: string, schema: z.ZodNumber) =>
  z.number({ error: `Enter the ${label}, or pick the place on the map` }).pipe(schema);

/** The editor's fields, validated by the contract's own rules. */
export const LocationFormSchema = z.object({
  name: contract.name,
  type: contract.type,
  description: optionalText(contract.description.unwrap().unwrap()),
  address: contract.address,
  postalCode: optionalText(contract.postalCode.unwrap().unwrap()),
  city: contract.city,
  country: contract.country,
  countryCode: contract.countryCode,
  latitude: coordinate('latitude', contract.latitude),
  longitude: coordinate('longitude', contract.longitude),
  timezone: contract.timezone,
  phone: optionalText(contract.phone.unwrap().unwrap()),
  email: optionalText(contract.email.unwrap().unwrap()),
  openingHours: OpeningHoursSchema,
  closures: LocationClosuresSchema,
  services: contract.services.unwrap(),
  isAppointmentBookable: z.boolean(),
  isActive: z.boolean(),
});
export type LocationFormValues = z.infer<typeof LocationFormSchema>;
export type LocationFormInput = z.input<typeof LocationFormSchema>;
export const LOCATION_FORM_FIELDS = [
  'name',
  'type',
  'description',
  'address',
  'postalCode',
  'city',
  'country',
  'countryCode',
  'latitude',
  'longitude',
  'timezone',
  'phone',
  'email',
  'openingHours',
  'closures',
  'services',
  'isAppointmentBookable',
  'isActive',
] as const satisfies readonly (keyof LocationFormValues)[];

/** The form's starting values: the location's, or a new boutique's (coordinates left to type or pick). */
export function toFormValues(location: Location | undefined): LocationFormValues {
  if (!location) {
    return {
      name: '',
      type: 'BOUTIQUE',
      description: '',
      address: '',
      postalCode: '',
      city: '',
      country: '',
      countryCode: '',
      latitude: Number.NaN,
      longitude: Number.NaN,
      timezone: 'Europe/Paris',
      phone: '',
      email: '',
      openingHours: defaultWeek(),
      closures: [],
      services: [],
      isAppointmentBookable: false,
      isActive: true,
    };
  }
  return {
    name: location.name,
    type: location.type,
    description: location.description ?? '',
    address: location.address,
    postalCode: location.postalCode ?? '',
    city: location.city,
    country: location.country,
    countryCode: location.countryCode,
    latitude: location.latitude,
    longitude: location.longitude,
    timezone: location.timezone,
    phone: location.phone ?? '',
    email: location.email ?? '',
    openingHours: fullWeek(location.openingHours),
    closures: location.closures.map((c) => ({ date: c.date, note: c.note })),
    services: [...location.services],
    isAppointmentBookable: location.isAppointmentBookable,
    isActive: location.isActive,
  };
}

const nullable = (value: string) => (value.trim() === '' ? null : value.trim());

/** The create body from valid form values (text trimmed, empty optional text as null, ranges in time order, closures in date order). */
export function toCreateBody(values: LocationFormValues): CreateLocationBody {
  return {
    name: values.name.trim(),
    type: values.type,
    description: nullable(values.description),
    address: values.address.trim(),
    postalCode: nullable(values.postalCode),
    city: values.city.trim(),
    country: values.country.trim(),
    countryCode: values.countryCode.trim().toUpperCase(),
    latitude: values.latitude,
    longitude: values.longitude,
    timezone: values.timezone.trim(),
    phone: nullable(values.phone),
    email: nullable(values.email),
    openingHours: Object.fromEntries(
      Object.entries(values.openingHours).map(([day, ranges]) => [day, sortRanges(ranges)]),
    ) as CreateLocationBody['openingHours'],
    closures: values.closures.map((c) => ({ date: c.date, note: c.note.trim() })).sort((a, b) => a.date.localeCompare(b.date)),
    services: values.services,
    isAppointmentBookable: values.isAppointmentBookable,
    isActive: values.isActive,
  };
}

/**
 * Only what changed goes to PUT, so a save never overwrites a field someone else edited meanwhile.
 * The week goes whole when any day changed (the API replaces it). `isActive` has its own actions.
 */
export function changedFields(before: LocationFormValues, after: LocationFormValues): UpdateLocationBody {
  const a = toCreateBody(before);
  const b = toCreateBody(after);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(b) as (keyof CreateLocationBody)[]) {
    if (key === 'isActive') continue;
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) patch[key] = b[key];
  }
  return patch;
}
