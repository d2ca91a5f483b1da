import type { ReactNode } from 'react';
import { useWorkspaceCrumbs, type Crumb } from './workspace-context';
import styles from './workspace.module.css';

export interface WorkspacePageProps {
  title: string;
  /** Line under the title: a count, a status. */
  subtitle?: ReactNode;
  /** The trail above this page; the page's own title is added last. */
  crumbs?: Crumb[];
  /** Primary actions, top right. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One back-office page: display-serif title, its actions, breadcrumbs in the top bar. */
export function WorkspacePage({ title, subtitle, crumbs = [], actions, children }: WorkspacePageProps) {
  useWorkspaceCrumbs([...crumbs, { label: title }]);
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div className={styles.pageHeading}>
          <h1 className={styles.pageTitle}>{title}</h1>
          {subtitle ? <p className={styles.pageSubtitle}>{subtitle}</p> : null}
        </div>
        {actions ? <div className={styles.pageActions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
