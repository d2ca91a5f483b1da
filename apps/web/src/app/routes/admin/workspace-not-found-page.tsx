import { Link, useLocation } from 'react-router';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';

/** An unknown back-office path: stays in the workspace (admin, vendor or designer), with a way back to its overview. */
export default function WorkspaceNotFoundPage() {
  const { pathname } = useLocation();
  const overview = [paths.vendorDashboard, paths.designerDashboard].find((base) => pathname.startsWith(`${base}/`)) ?? paths.adminDashboard;
  return (
    <WorkspacePage title="Page not found">
      <p>
        There is no back-office page at this address. <Link to={overview}>Back to the overview</Link>
      </p>
    </WorkspacePage>
  );
}
