import { WorkspacePage } from '../../../components/workspace/workspace-page';

// In construction this session (issue 10): replaced by the real screen.
export default function Page() {
  return <WorkspacePage title="Overview">{null}</WorkspacePage>;
}
