import type { WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import { paths } from '../../../config/routes';
import VendorWorkspace from '../../../features/vendor-dashboard/components/vendor-workspace';
import { lazyPage } from '../../lazy-page';
import { workspaceNotFound } from '../workspace-not-found';

const SCREENS: readonly WorkspaceScreen[] = (
  [
    [paths.vendorDashboard, lazyPage(() => import('./overview-page'))],
    [paths.vendorProducts, lazyPage(() => import('./products-page'))],
  ] as const
).map(([path, screen]) => ({ path, element: <screen.Route key={path} /> }));

/** The vendor's back-office: the feature's frame with this route table. */
export default function VendorWorkspaceRoute() {
  return <VendorWorkspace screens={SCREENS} notFound={workspaceNotFound} />;
}
