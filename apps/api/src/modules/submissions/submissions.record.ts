import { createHash } from 'node:crypto';
import { JEWELRY_WEEK_UPLOAD_FOLDER, type EmailModels } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { SubmissionFileRef, SubmissionRow } from '../../db/schema/submissions';
import { assertSafeKey } from '../../lib/storage/storage';
import { createSubmissionsRepo } from './submissions.repo';

type JewelryWeekModel = EmailModels['JEWELRY_WEEK_SUBMISSION'];

const FILES_PREFIX = '/api/files/';

/**
 * The storage key behind a URL that GET /api/files/… serves, when it is a file of the jewelry-week
 * folder; null for anything else (another folder, another site, a malformed key).
 */
export function jewelryWeekKeyOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(FILES_PREFIX)) return null;
  let key: string;
  try {
    key = path.slice(FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    assertSafeKey(key);
  } catch {
    return null;
  }
  const [bucket, ...rest] = key.split('/');
  const folder = rest.slice(0, -1).join('/');
  return bucket && folder === JEWELRY_WEEK_UPLOAD_FOLDER ? key : null;
}

/** Identical content (what a resent form carries) gives the same fingerprint. */
function fingerprintOf(model: JewelryWeekModel, files: SubmissionFileRef[]): string {
  const content = [
    model.email.toLowerCase(),
    model.name,
    model.phone ?? '',
    model.brandName ?? '',
    model.country ?? '',
    model.website ?? '',
    model.instagram ?? '',
    model.collectionTitle ?? '',
    model.message ?? '',
    files.map((f) => f.key).sort(),
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * Records a jewelry-week entry from the model of its JEWELRY_WEEK_SUBMISSION email. Call it with the
 * transaction that queues that email, so there is never an entry without its email or the reverse.
 * Only files of the jewelry-week upload folder are kept (other URLs stay in the email alone). A resent
 * identical form records nothing new: returns null.
 */
export async function recordSubmission(db: Db, model: JewelryWeekModel): Promise<SubmissionRow | null> {
  const files: SubmissionFileRef[] = [];
  for (const file of model.files ?? []) {
    const key = jewelryWeekKeyOf(file.url);
    if (key && !files.some((f) => f.key === key)) files.push({ key, name: file.name ?? null });
  }
  const repo = createSubmissionsRepo(db);
  const row = await repo.insertIfNew({
    name: model.name,
    email: model.email,
    phone: model.phone ?? null,
    brandName: model.brandName ?? null,
    country: model.country ?? null,
    website: model.website ?? null,
    instagram: model.instagram ?? null,
    collectionTitle: model.collectionTitle ?? null,
    statement: model.message ?? null,
    files,
    fingerprint: fingerprintOf(model, files),
  });
  if (row)
    await repo.insertHistory({ submissionId: row.id, fromStatus: null, toStatus: 'RECEIVED', changedBy: null, createdAt: row.createdAt });
  return row;
}
