import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailSchema,
  PasswordSchema,
  ROLES,
  RoleSchema,
  USER_STATUSES,
  UsernameSchema,
  UserStatusSchema,
  type User,
} from '@mirror/contract';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form/server-errors';
import { confirmDiscard } from '../../../components/form/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { showToast } from '../../../components/ui/toast';
import { humanize } from '../../../lib/format';
import { useCreateUser } from '../api/admin-users.mutations';
import styles from './admin-users.module.css';

const FormSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  firstName: z.string().trim().max(100, 'At most 100 characters'),
  lastName: z.string().trim().max(100, 'At most 100 characters'),
  phone: z
    .string()
    .trim()
    .max(32, 'At most 32 characters')
    .regex(/^[+0-9 ().-]*$/, 'Enter a valid phone number'),
  role: RoleSchema,
  status: UserStatusSchema,
});
type CreateForm = z.infer<typeof FormSchema>;
const FORM_FIELDS: readonly Path<CreateForm>[] = ['username', 'email', 'password', 'firstName', 'lastName', 'phone', 'role', 'status'];
const EMPTY: CreateForm = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  phone: '',
  role: 'CUSTOMER',
  status: 'ACTIVE',
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: humanize(role) }));
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: humanize(status) }));

export interface CreateUserDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (user: User) => void;
}

/** POST /api/users/admin/create: an account with any role and status; the server checks every field. */
export function CreateUserDrawer({ isOpen, onClose, onCreated }: CreateUserDrawerProps) {
  const formId = useId();
  const create = useCreateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<CreateForm>({ resolver: zodResolver(FormSchema), mode: 'onTouched', defaultValues: EMPTY });

  function requestClose() {
    if (confirmDiscard(isDirty)) onClose();
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(
      {
        username: values.username,
        email: values.email,
        password: values.password,
        role: values.role,
        status: values.status,
        ...(values.firstName ? { firstName: values.firstName } : {}),
        ...(values.lastName ? { lastName: values.lastName } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      },
      {
        onSuccess: (user) => {
          showToast(`${user.username} created`);
          onCreated(user);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, FORM_FIELDS, setError)),
      },
    );
  });

  return (
    <Drawer
      isOpen={isOpen}
      onClose={requestClose}
      title="New user"
      description="An account with any role; they sign in with this password."
      footer={
        <>
          <Button variant="ghost" size="small" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} size="small" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {create.isPending ? 'Creating…' : 'Create user'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Input label="Username" autoComplete="off" spellCheck={false} error={errors.username?.message} {...register('username')} />
        <Input label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={styles.pair}>
          <Input label="First name" isOptional error={errors.firstName?.message} {...register('firstName')} />
          <Input label="Last name" isOptional error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <Input label="Phone" type="tel" isOptional error={errors.phone?.message} {...register('phone')} />
        <div className={styles.pair}>
          <Select label="Role" options={ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
          <Select label="Status" options={STATUS_OPTIONS} error={errors.status?.message} {...register('status')} />
        </div>
      </form>
    </Drawer>
  );
}
