import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateDesignerBodySchema, type Designer } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { StatusDot } from '../../../components/data-table';
import { QueryError } from '../../../components/feedback/query-state';
import { applyServerErrors } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useUpdateDesignerProfile } from '../api/designer-dashboard.mutations';
import { designerProfileQuery } from '../api/designer-dashboard.queries';
import styles from './designer-profile.module.css';

/** What a designer may change about themselves (the server's DESIGNER_PROFILE_FIELDS, less the avatar). */
const ProfileSchema = UpdateDesignerBodySchema.pick({
  displayName: true,
  specialty: true,
  bio: true,
  email: true,
  website: true,
  country: true,
}).required({
  displayName: true,
  specialty: true,
});
type ProfileValues = z.input<typeof ProfileSchema>;
type ProfileBody = z.output<typeof ProfileSchema>;
const FIELDS: readonly Path<ProfileValues>[] = ['displayName', 'specialty', 'bio', 'email', 'website', 'country'];
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function valuesOf(designer: Designer): ProfileValues {
  return {
    displayName: designer.displayName,
    specialty: designer.specialty,
    // Null as the server has it: a field left blank reads back as null (blankToNull), so it is not a change.
    bio: designer.bio,
    email: designer.email,
    website: designer.website,
    country: designer.country,
  };
}

function ProfileForm({ designer }: { designer: Designer }) {
  const update = useUpdateDesignerProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues, unknown, ProfileBody>({
    resolver: zodResolver(ProfileSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(designer),
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        showToast('Your profile has been saved.');
      },
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <>
      <UnsavedChangesGuard isDirty={isDirty} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="designer-profile-title">
        <h2 id="designer-profile-title" className={styles.sectionTitle}>
          Your public profile
        </h2>
        {formError ? (
          <p className={styles.alert} role="alert">
            {formError}
          </p>
        ) : null}
        <div className={styles.row}>
          <Input label="Name" autoComplete="name" error={errors.displayName?.message} {...register('displayName')} />
          <Input
            label="Specialty"
            autoComplete="off"
            hint="Shown under your name, e.g. High jewelry."
            error={errors.specialty?.message}
            {...register('specialty')}
          />
        </div>
        <Textarea
          label="Biography"
          rows={6}
          isOptional
          counterMax={5000}
          error={errors.bio?.message}
          {...register('bio', { setValueAs: blankToNull })}
        />
        <div className={styles.row}>
          <Input
            label="Email"
            type="email"
            isOptional
            autoComplete="email"
            error={errors.email?.message}
            {...register('email', { setValueAs: blankToNull })}
          />
          <Input
            label="Website"
            type="url"
            isOptional
            autoComplete="url"
            placeholder="https://"
            error={errors.website?.message}
            {...register('website', { setValueAs: blankToNull })}
          />
        </div>
        <Input
          label="Country"
          isOptional
          autoComplete="country"
          hint="Two letters, e.g. IT."
          maxLength={2}
          error={errors.country?.message}
          {...register('country', { setValueAs: blankToNull })}
        />
        <div className={styles.actions}>
          <p className={styles.saveState} data-testid="profile-save-state">
            {isDirty ? 'Unsaved changes' : `Saved · last change ${formatDateTime(designer.updatedAt)}`}
          </p>
          <Button type="submit" disabled={update.isPending || !isDirty} aria-busy={update.isPending || undefined}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Code and flags are Mirror's (the server refuses them from a designer): shown, not offered. */
function SetByMirror({ designer }: { designer: Designer }) {
  return (
    <aside className={styles.aside} aria-labelledby="designer-house-title">
      <h2 id="designer-house-title" className={styles.sectionTitle}>
        Set by Mirror
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Code</dt>
          <dd>{designer.code}</dd>
        </div>
        <div>
          <dt>On the site</dt>
          <dd>{designer.isActive ? <StatusDot tone="ink">Active</StatusDot> : <StatusDot tone="muted">Hidden</StatusDot>}</dd>
        </div>
        <div>
          <dt>Verified</dt>
          <dd>{designer.isVerified ? <StatusDot tone="ink">Verified</StatusDot> : <StatusDot tone="muted">Not yet</StatusDot>}</dd>
        </div>
        <div>
          <dt>Featured</dt>
          <dd>{designer.isFeatured ? <StatusDot tone="gold">Featured</StatusDot> : <StatusDot tone="muted">Not featured</StatusDot>}</dd>
        </div>
      </dl>
      <p className={styles.note}>To change these, or your portrait, write to the house.</p>
    </aside>
  );
}

/** /dashboard/designer/profile: the designer's own profile, editable where the server allows it. */
export default function DesignerProfilePage() {
  const profile = useQuery(designerProfileQuery());
  const crumbs = [{ label: 'Overview', to: paths.designerDashboard }];
  return (
    <WorkspacePage
      title="Profile"
      crumbs={crumbs}
      subtitle={profile.data ? `${profile.data.displayName} · ${profile.data.specialty}` : '\u00a0'}
    >
      {profile.isError ? (
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} title="Your profile could not be loaded" />
      ) : profile.isPending ? (
        <Skeleton height="24rem" />
      ) : (
        <div className={styles.layout}>
          <ProfileForm key={profile.data.id} designer={profile.data} />
          <SetByMirror designer={profile.data} />
        </div>
      )}
    </WorkspacePage>
  );
}
