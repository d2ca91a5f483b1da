import { WorkspacePage } from '../../../components/workspace/workspace-page';

/** Placeholder: being built (issue 11). */
export default function Page() {
  return <WorkspacePage title="Activity">{null}</WorkspacePage>;
}
