import { CreateDesignerBodySchema, CreateVendorBodySchema, type Designer, type Vendor } from '@mirror/contract';
import { z } from 'zod';
import type { Party, PartyKind } from './party-kinds';

/** An optional text field: empty means "none" (null), anything else obeys the contract's rule. */
function blankToNull<S extends z.ZodType<unknown, string | null | undefined>>(schema: S) {
  return z
    .string()
    .transform((value): string | null | undefined => (value.trim() === '' ? null : value.trim()))
    .pipe(schema);
}

const d = CreateDesignerBodySchema.shape;
const v = CreateVendorBodySchema.shape;
const flags = { isActive: z.boolean(), isVerified: z.boolean(), isFeatured: z.boolean() };

/** The editor's fields, validated by the contract's own rules (the create body: every editable field). */
export const DesignerFormSchema = z.object({
  code: d.code,
  displayName: d.displayName,
  specialty: d.specialty,
  country: blankToNull(d.country),
  email: blankToNull(d.email),
  website: blankToNull(d.website),
  bio: blankToNull(d.bio),
  avatarKey: blankToNull(d.avatarKey),
  userId: blankToNull(d.userId),
  ...flags,
});

export const VendorFormSchema = z.object({
  code: v.code,
  name: v.name,
  type: v.type,
  country: v.country,
  email: blankToNull(v.email),
  website: blankToNull(v.website),
  description: blankToNull(v.description),
  logoKey: blankToNull(v.logoKey),
  userId: blankToNull(v.userId),
  ...flags,
});

export const PARTY_FORM_SCHEMAS = { designer: DesignerFormSchema, vendor: VendorFormSchema } as const;

/** What the form holds: text as strings ('' for none), flags as booleans. */
export type PartyFormValues = Record<string, string | boolean>;
/** What the contract receives. */
export type PartyFormOutput = Record<string, unknown>;

export const PARTY_FORM_FIELDS: Record<PartyKind, readonly string[]> = {
  designer: Object.keys(DesignerFormSchema.shape),
  vendor: Object.keys(VendorFormSchema.shape),
};

/** The form's starting values: the record's, or an empty one (active, neither verified nor featured). */
export function toFormValues(kind: PartyKind, party?: Party): PartyFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const common = {
    code: text(party?.code),
    email: text(party?.email),
    website: text(party?.website),
    userId: text(party?.userId),
    isActive: party?.isActive ?? true,
    isVerified: party?.isVerified ?? false,
    isFeatured: party?.isFeatured ?? false,
  };
  if (kind === 'designer') {
    const designer = party as Designer | undefined;
    return {
      ...common,
      displayName: text(designer?.displayName),
      specialty: text(designer?.specialty),
      country: text(designer?.country),
      bio: text(designer?.bio),
      avatarKey: text(designer?.avatarKey),
    };
  }
  const vendor = party as Vendor | undefined;
  return {
    ...common,
    name: text(vendor?.name),
    type: vendor?.type ?? 'ATELIER',
    country: text(vendor?.country),
    description: text(vendor?.description),
    logoKey: text(vendor?.logoKey),
  };
}

const same = (a: string | boolean | undefined, b: string | boolean | undefined) =>
  typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;

/** Only what changed goes to PUT (in the contract's form), so a save never overwrites a field someone else edited meanwhile. */
export function changedFields(before: PartyFormValues, after: PartyFormValues, output: PartyFormOutput): PartyFormOutput {
  const patch: PartyFormOutput = {};
  for (const key of Object.keys(output)) {
    if (!same(before[key], after[key])) patch[key] = output[key];
  }
  return patch;
}
