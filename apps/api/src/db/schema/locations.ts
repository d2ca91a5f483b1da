import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCATION_TYPES, type LocationClosure, type LocationService, type OpeningHours } from '@mirror/contract';

export const locationType = pgEnum('location_type', LOCATION_TYPES);

/** Boutiques, ateliers, showrooms, offices and service centres of the house. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    type: locationType('type').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    city: text('city').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    timezone: text('timezone').notNull(),
    phone: text('phone'),
    email: text('email'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    /** Dated exceptional closures, kept in date order. */
    closures: jsonb('closures')
      .$type<LocationClosure[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    services: text('services')
      .array()
      .$type<LocationService[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAppointmentBookable: boolean('is_appointment_bookable').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('locations_slug_uq').on(t.slug),
    index('locations_city_idx').on(sql`lower(${t.city})`),
    index('locations_country_idx').on(sql`lower(${t.country})`),
    index('locations_type_idx').on(t.type),
    index('locations_services_idx').using('gin', t.services),
    index('locations_name_idx').on(t.name, t.id),
  ],
);

export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;
