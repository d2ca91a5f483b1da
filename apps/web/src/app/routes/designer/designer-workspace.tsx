import type { WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import { paths } from '../../../config/routes';
import DesignerWorkspace from '../../../features/designer-dashboard/components/designer-workspace';
import { lazyPage } from '../../lazy-page';
import { workspaceNotFound } from '../workspace-not-found';

const SCREENS: readonly WorkspaceScreen[] = (
  [
    [paths.designerDashboard, lazyPage(() => import('./overview-page'))],
    [paths.designerDesigns, lazyPage(() => import('./designs-page'))],
    [paths.designerSubmissions, lazyPage(() => import('./submissions-page'))],
    [paths.designerProfile, lazyPage(() => import('./profile-page'))],
  ] as const
).map(([path, screen]) => ({ path, element: <screen.Route key={path} /> }));

/** The designer's back-office: the feature's frame with this route table. */
export default function DesignerWorkspaceRoute() {
  return <DesignerWorkspace screens={SCREENS} notFound={workspaceNotFound} />;
}
