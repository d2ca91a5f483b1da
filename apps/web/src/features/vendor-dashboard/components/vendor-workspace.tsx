import type { ReactElement } from 'react';
import { WorkspaceLayout, type WorkspaceNavGroup, type WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import { paths } from '../../../config/routes';

const VENDOR_NAV: readonly WorkspaceNavGroup[] = [
  {
    items: [
      { label: 'Overview', to: paths.vendorDashboard, icon: 'overview', isEnd: true },
      { label: 'Products', to: paths.vendorProducts, icon: 'products' },
      { label: 'Orders', to: paths.vendorOrders, icon: 'orders' },
    ],
  },
];

/** The vendor's back-office (issue 11): the shared workspace with the vendor's own sections. */
export default function VendorWorkspace({ screens, notFound }: { screens: readonly WorkspaceScreen[]; notFound: ReactElement }) {
  return <WorkspaceLayout title="Vendor" base={paths.vendorDashboard} screens={screens} notFound={notFound} groups={VENDOR_NAV} />;
}
