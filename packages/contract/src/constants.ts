/**
 * Values the browser needs without the zod schemas (`@mirror/contract/constants`): importing anything
 * from the package's root brings every schema and zod itself (≈ 34 KB gz) into the importing chunk.
 * No runtime dependencies; the resource files re-export them, so the root exports them too.
 */

export const METAL_TYPES = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'] as const;

export const UPLOAD_DEFAULT_BUCKET = 'mirror-storage';
export const UPLOAD_DEFAULT_FOLDER = 'public';
/** The one folder anonymous visitors may upload to (jewelry-week submission form). */
export const JEWELRY_WEEK_UPLOAD_FOLDER = 'jewelry-week/submissions';

/** The longest jewelry-week collection statement, in characters (about 300 words). */
export const JEWELRY_WEEK_STATEMENT_MAX = 2000;

/** Where a confirmation link lands in the web app (`?token=…`); the API builds links with it. */
export const CONFIRM_EMAIL_PATH = '/auth/confirm';
/** How long a confirmation link works. */
export const CONFIRMATION_TTL_HOURS = 24;

/** The one money format (money.ts): here so the browser gets it without zod. */
export { formatMoney, groupThousands, minorUnitsPerMajor } from './money';
