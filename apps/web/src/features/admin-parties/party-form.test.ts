import type { Designer, Vendor } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { DesignerFormSchema, VendorFormSchema, changedFields, toFormValues } from './party-form';

const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', deletedAt: null };
const designer: Designer = {
  id: '5b0c1f8e-2f5c-4f8e-9a1c-1d2e3f4a5b6c',
  code: 'AOK',
  displayName: 'Amara Okafor',
  specialty: 'High jewelry',
  bio: null,
  email: 'amara@example.com',
  website: null,
  country: 'FR',
  avatarKey: null,
  avatarUrl: null,
  userId: null,
  isActive: true,
  isVerified: false,
  isFeatured: true,
  ...stamps,
};
const vendor: Vendor = {
  id: '6b0c1f8e-2f5c-4f8e-9a1c-1d2e3f4a5b6c',
  code: 'MIR-ATL',
  name: 'Mirror Atelier',
  country: 'FR',
  type: 'ATELIER',
  description: 'Rue de la Paix',
  email: null,
  website: 'https://atelier.example',
  logoKey: null,
  logoUrl: null,
  userId: '7b0c1f8e-2f5c-4f8e-9a1c-1d2e3f4a5b6c',
  isActive: false,
  isVerified: true,
  isFeatured: false,
  ...stamps,
};

describe('toFormValues', () => {
  it('turns nulls into empty fields and keeps the flags', () => {
    expect(toFormValues('designer', designer)).toEqual({
      code: 'AOK',
      displayName: 'Amara Okafor',
      specialty: 'High jewelry',
      country: 'FR',
      email: 'amara@example.com',
      website: '',
      bio: '',
      avatarKey: '',
      userId: '',
      isActive: true,
      isVerified: false,
      isFeatured: true,
    });
    expect(toFormValues('vendor', vendor)).toMatchObject({
      name: 'Mirror Atelier',
      type: 'ATELIER',
      description: 'Rue de la Paix',
      email: '',
      userId: vendor.userId,
      isActive: false,
    });
  });

  it('starts a new record active, neither verified nor featured', () => {
    expect(toFormValues('vendor')).toMatchObject({
      code: '',
      name: '',
      type: 'ATELIER',
      country: '',
      isActive: true,
      isVerified: false,
      isFeatured: false,
    });
    expect(toFormValues('designer')).toMatchObject({ displayName: '', specialty: '', isActive: true });
  });
});

describe('the form schemas', () => {
  it('send empty optional fields as null, trimmed text and an upper-case country', () => {
    const output = DesignerFormSchema.parse({
      ...toFormValues('designer', designer),
      bio: '   ',
      website: ' https://amara.example ',
      country: 'it',
    });
    expect(output).toMatchObject({ bio: null, website: 'https://amara.example', country: 'IT', userId: null, avatarKey: null });
  });

  it('apply the contract’s rules with its words', () => {
    const result = VendorFormSchema.safeParse({
      ...toFormValues('vendor', vendor),
      code: 'a',
      country: 'France',
      website: 'ftp://x.example',
      email: 'nope',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages.code).toBe('Code must be at least 2 characters');
    expect(messages.country).toBe('Use a two-letter ISO country code such as FR');
    expect(messages.website).toBe('Enter a web address starting with http:// or https://');
    expect(messages.email).toBeTruthy();
  });

  it('requires a designer’s country only when given, but always a vendor’s', () => {
    expect(DesignerFormSchema.safeParse({ ...toFormValues('designer', designer), country: '' }).success).toBe(true);
    expect(VendorFormSchema.safeParse({ ...toFormValues('vendor', vendor), country: '' }).success).toBe(false);
  });
});

describe('changedFields', () => {
  it('sends only what changed, in the contract’s form, ignoring surrounding spaces', () => {
    const before = toFormValues('designer', designer);
    const after = {
      ...before,
      specialty: 'Engagement rings',
      displayName: ' Amara Okafor ',
      website: '',
      bio: 'New bio',
      isFeatured: false,
    };
    const output = DesignerFormSchema.parse(after);
    expect(changedFields(before, after, output)).toEqual({ specialty: 'Engagement rings', bio: 'New bio', isFeatured: false });
  });

  it('sends null to clear a field and nothing when nothing changed', () => {
    const before = toFormValues('vendor', vendor);
    const cleared = { ...before, website: '', userId: '' };
    expect(changedFields(before, cleared, VendorFormSchema.parse(cleared))).toEqual({ website: null, userId: null });
    expect(changedFields(before, { ...before }, VendorFormSchema.parse(before))).toEqual({});
  });
});
