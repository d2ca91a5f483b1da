import { PartyPage } from './party-page';

/** /dashboard/admin/vendors/new and /dashboard/admin/vendors/:vendorId */
export default function VendorPage() {
  return <PartyPage kind="vendor" />;
}
