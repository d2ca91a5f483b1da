import { lazyPage } from '../lazy-page';

const page = lazyPage(() => import('./admin/workspace-not-found-page'));

/** What every workspace shows for an unknown path under its base (one chunk for all three). */
export const workspaceNotFound = <page.Route />;
