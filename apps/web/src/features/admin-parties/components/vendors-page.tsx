import { PartiesPage } from './parties-page';

/** /dashboard/admin/vendors */
export default function VendorsPage() {
  return <PartiesPage kind="vendor" />;
}
