import type { User, UserStatus } from '@mirror/contract';
import type { ComponentProps } from 'react';
import type { StatusDot } from '../../components/data-table';

type StatusTone = NonNullable<ComponentProps<typeof StatusDot>['tone']>;

/** First and last name, or null when the user gave neither. */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** Active in ink; pending and suspended in gold (they need attention); inactive in warm grey. */
export function statusTone(status: UserStatus): StatusTone {
  switch (status) {
    case 'ACTIVE':
      return 'ink';
    case 'PENDING':
    case 'SUSPENDED':
      return 'gold';
    case 'INACTIVE':
      return 'muted';
  }
}

/** Why an admin cannot change this user's role or status here, or null when they can. */
export function selfChangeReason(user: Pick<User, 'id'>, signedInId: string | null | undefined): string | null {
  return signedInId && user.id === signedInId ? 'This is your own account: another admin changes your role or status.' : null;
}
