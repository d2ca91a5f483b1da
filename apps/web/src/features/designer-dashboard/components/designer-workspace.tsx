import type { ReactElement } from 'react';
import { WorkspaceLayout, type WorkspaceNavGroup, type WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import { paths } from '../../../config/routes';

const DESIGNER_NAV: readonly WorkspaceNavGroup[] = [
  {
    items: [
      { label: 'Overview', to: paths.designerDashboard, icon: 'overview', isEnd: true },
      { label: 'Designs', to: paths.designerDesigns, icon: 'products' },
      { label: 'My submissions', to: paths.designerSubmissions, icon: 'submissions' },
      { label: 'Profile', to: paths.designerProfile, icon: 'profile' },
    ],
  },
];

/** The designer's back-office (issue 11), reached by URL: the shared workspace with their sections. */
export default function DesignerWorkspace({ screens, notFound }: { screens: readonly WorkspaceScreen[]; notFound: ReactElement }) {
  return <WorkspaceLayout title="Designer" base={paths.designerDashboard} screens={screens} notFound={notFound} groups={DESIGNER_NAV} />;
}
