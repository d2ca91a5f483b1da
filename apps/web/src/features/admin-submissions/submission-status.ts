import type { SubmissionStatus } from '@mirror/contract';

export type StatusTone = 'ink' | 'muted' | 'gold' | 'error';

/** Received waits for a first look (gold: attention), under review is active, the decisions are settled. */
export const SUBMISSION_TONES: Record<SubmissionStatus, StatusTone> = {
  RECEIVED: 'gold',
  UNDER_REVIEW: 'ink',
  SELECTED: 'ink',
  DECLINED: 'muted',
};

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  RECEIVED: 'Received',
  UNDER_REVIEW: 'Under review',
  SELECTED: 'Selected',
  DECLINED: 'Declined',
};

/** The button that moves an entry to `status`. */
export const MOVE_LABELS: Record<SubmissionStatus, string> = {
  RECEIVED: 'Mark received',
  UNDER_REVIEW: 'Start review',
  SELECTED: 'Select',
  DECLINED: 'Decline',
};

/** SELECTED and DECLINED write to the designer and cannot be undone: they are confirmed first. */
export function isDecision(status: SubmissionStatus): status is 'SELECTED' | 'DECLINED' {
  return status === 'SELECTED' || status === 'DECLINED';
}
