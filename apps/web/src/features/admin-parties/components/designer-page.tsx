import { PartyPage } from './party-page';

/** /dashboard/admin/designers/new and /dashboard/admin/designers/:designerId */
export default function DesignerPage() {
  return <PartyPage kind="designer" />;
}
