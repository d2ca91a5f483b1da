import { Link } from 'react-router';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';

/** An unknown back-office path: stays in the workspace, with a way back. */
export default function WorkspaceNotFoundPage() {
  return (
    <WorkspacePage title="Page not found">
      <p>
        There is no back-office page at this address. <Link to={paths.adminDashboard}>Back to the overview</Link>
      </p>
    </WorkspacePage>
  );
}
