import { PartiesPage } from './parties-page';

/** /dashboard/admin/designers */
export default function DesignersPage() {
  return <PartiesPage kind="designer" />;
}
