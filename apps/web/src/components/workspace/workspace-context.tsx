import { createContext, useContext, useEffect, type ReactNode } from 'react';

export interface Crumb {
  label: string;
  to?: string;
}

export interface WorkspaceChrome {
  setCrumbs: (crumbs: Crumb[]) => void;
}

const WorkspaceContext = createContext<WorkspaceChrome | null>(null);

export function WorkspaceProvider({ value, children }: { value: WorkspaceChrome; children: ReactNode }) {
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** Sets the top bar's breadcrumbs while the page is shown (the last one titles the document). */
export function useWorkspaceCrumbs(crumbs: Crumb[]): void {
  const chrome = useContext(WorkspaceContext);
  const key = crumbs.map((c) => `${c.label}→${c.to ?? ''}`).join('|');
  useEffect(() => {
    chrome?.setCrumbs(crumbs);
    // `key` holds everything the crumbs say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, chrome]);
}
