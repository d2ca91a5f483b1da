import type { WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import { paths } from '../../../config/routes';
import VendorWorkspace from '../../../features/vendor-dashboard/components/vendor-workspace';
import { lazyPage } from '../../lazy-page';
import { workspaceNotFound } from '../workspace-not-found';

// One chunk for the new piece and each piece's page, as in the admin's table.
const productEditor = lazyPage(() => import('./product-editor-page'));

const SCREENS: readonly WorkspaceScreen[] = (
  [
    [paths.vendorDashboard, lazyPage(() => import('./overview-page'))],
    [paths.vendorProducts, lazyPage(() => import('./products-page'))],
    [paths.vendorProductNew, productEditor],
    [paths.vendorProduct, productEditor],
    [paths.vendorOrders, lazyPage(() => import('./orders-page'))],
  ] as const
).map(([path, screen]) => ({ path, element: <screen.Route key={path} /> }));

/** The vendor's back-office: the feature's frame with this route table. */
export default function VendorWorkspaceRoute() {
  return <VendorWorkspace screens={SCREENS} notFound={workspaceNotFound} />;
}
