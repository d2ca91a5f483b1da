/**
 * The contract's enum values that browsing pages need at run time. Importing them from
 * @mirror/contract would pull zod (≈ 45 KB gzip) into every list page; these copies are typed
 * against the contract and a unit test keeps them equal to it.
 */
import type { Availability, LocationService, LocationType, MetalType } from '@mirror/contract';

export const METAL_TYPES = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'] as const satisfies readonly MetalType[];
export const AVAILABILITIES = ['IN_STOCK', 'LOW_STOCK', 'OUT_OF_STOCK'] as const satisfies readonly Availability[];
export const LOCATION_TYPES = ['BOUTIQUE', 'ATELIER', 'SHOWROOM', 'OFFICE', 'SERVICE_CENTER'] as const satisfies readonly LocationType[];
export const LOCATION_SERVICES = [
  'BESPOKE_DESIGN',
  'RESIZING',
  'CLEANING',
  'ENGRAVING',
  'APPRAISAL',
  'REPAIR',
  'PRIVATE_VIEWING',
  'BRIDAL_CONSULTATION',
] as const satisfies readonly LocationService[];
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
