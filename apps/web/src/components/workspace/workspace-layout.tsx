import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/routes';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../../lib/media';
import { BackOfficeMeta } from '../../lib/page-meta';
import { signOut } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { Wordmark } from '../layout/wordmark';
import type { PaletteSource } from './command-palette';
import { WorkspaceProvider, type Crumb } from './workspace-context';
import { NavIcon, type NavIconName } from './nav-icon';
import styles from './workspace.module.css';

const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(loadPalette);

export interface WorkspaceNavItem {
  label: string;
  to: string;
  icon: NavIconName;
  /** Active only on exactly this path (the Overview). */
  isEnd?: boolean;
  /** Other paths that belong to this section (the product editor under Products). */
  matches?: readonly string[];
}

export interface WorkspaceNavGroup {
  label?: string;
  items: readonly WorkspaceNavItem[];
}

/** One screen of a workspace: its full path pattern and what it shows. */
export interface WorkspaceScreen {
  path: string;
  element: ReactElement;
}

export interface WorkspaceLayoutProps {
  /** 'Admin', 'Vendor'…: shown under the wordmark. */
  title: string;
  /** The workspace's own path (`/dashboard/admin`): its route is `<base>/*`. */
  base: string;
  /**
   * The screens, matched here as descendant routes: the whole back-office route table lives in
   * this lazy chunk, not in the storefront's first load.
   */
  screens: readonly WorkspaceScreen[];
  /** Shown for an unknown path under `base`. */
  notFound: ReactElement;
  groups: readonly WorkspaceNavGroup[];
  /** What the command palette can find besides the sections. */
  paletteSources?: readonly PaletteSource[];
}

const COLLAPSED_KEY = 'mirror.workspace.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function isItemActive(item: WorkspaceNavItem, pathname: string): boolean {
  if (item.isEnd) return pathname === item.to || pathname === `${item.to}/`;
  return (
    pathname === item.to ||
    pathname.startsWith(`${item.to}/`) ||
    (item.matches ?? []).some((p) => pathname === p || pathname.startsWith(`${p}/`))
  );
}

/**
 * The back-office frame shared by every dashboard (issue 10): no site chrome; a collapsible left
 * sidebar (a drawer under 1024 px) whose <nav> is named "Back-office"; a top bar with breadcrumbs,
 * the command palette (Ctrl/Cmd-K), "View site", the signed-in person and Logout.
 */
export function WorkspaceLayout({ title, base, screens, notFound, groups, paletteSources = [] }: WorkspaceLayoutProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY);
  const [isCollapsed, setIsCollapsed] = useState(readCollapsed);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  const [hasPalette, setHasPalette] = useState(false);
  const [crumbs, setCrumbs] = useState<Crumb[]>([]);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLDivElement>(null);
  const chrome = useMemo(() => ({ setCrumbs }), []);

  // A route change closes the drawer (state adjusted while rendering, not in an effect).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setIsDrawerOpen(false);
  }

  useEffect(() => {
    if (!isDrawerOpen) return;
    sidebar.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isDrawerOpen]);

  const openPalette = useCallback(() => {
    setHasPalette(true);
    setIsPaletteOpen(true);
  }, []);

  // Fetch the palette's chunk once the workspace is idle, so Ctrl-K opens it at once.
  useEffect(() => {
    const warm = () => void loadPalette().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(warm, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 2_000);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setHasPalette(true);
        setIsPaletteOpen((open) => !open);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const toggleCollapsed = () => {
    setIsCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // The choice lasts for this visit.
      }
      return !value;
    });
  };

  const onLogout = async () => {
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  const sections = groups.flatMap((group) => group.items);
  const isRail = isCollapsed && !isSmall;
  const isSidebarHidden = isSmall && !isDrawerOpen;

  return (
    <WorkspaceProvider value={chrome}>
      <BackOfficeMeta title={crumbs.at(-1)?.label} />
      <div className={styles.shell} data-collapsed={isRail || undefined} data-testid="workspace">
        {isSmall && isDrawerOpen ? <div className={styles.overlay} onClick={() => setIsDrawerOpen(false)} aria-hidden="true" /> : null}
        <div
          ref={sidebar}
          id="workspace-sidebar"
          className={[styles.sidebar, isSmall && styles.drawer, isDrawerOpen && styles.drawerOpen].filter(Boolean).join(' ')}
          inert={isSidebarHidden || undefined}
          role={isSmall ? 'dialog' : undefined}
          aria-modal={isSmall && isDrawerOpen ? true : undefined}
          aria-label={isSmall ? 'Back-office menu' : undefined}
        >
          <div className={styles.brand}>
            <Link to={groups[0]?.items[0]?.to ?? paths.home} className={styles.brandLink} aria-label={`Mirror ${title}, overview`}>
              <Wordmark className={styles.wordmark} />
              <span className={styles.brandTitle}>{title}</span>
            </Link>
          </div>
          <nav aria-label="Back-office" className={styles.nav}>
            {groups.map((group, index) => (
              <div key={group.label ?? index} className={styles.navGroup}>
                {group.label ? <p className={styles.navGroupLabel}>{group.label}</p> : null}
                <ul className={styles.navList}>
                  {group.items.map((item) => {
                    const isActive = isItemActive(item, pathname);
                    return (
                      <li key={item.to}>
                        <NavLink
                          to={item.to}
                          end={item.isEnd}
                          className={[styles.navLink, isActive && styles.navLinkActive].filter(Boolean).join(' ')}
                          aria-current={isActive ? 'page' : undefined}
                          title={isRail ? item.label : undefined}
                        >
                          <NavIcon name={item.icon} />
                          <span className={styles.navLabel}>{item.label}</span>
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </nav>
          {isSmall ? null : (
            <button
              type="button"
              className={styles.collapse}
              onClick={toggleCollapsed}
              aria-expanded={!isRail}
              aria-controls="workspace-sidebar"
            >
              <NavIcon name={isRail ? 'expand' : 'collapse'} />
              <span className={styles.navLabel}>{isRail ? 'Expand sidebar' : 'Collapse sidebar'}</span>
            </button>
          )}
        </div>

        <div className={styles.main}>
          <div className={styles.topbar}>
            {isSmall ? (
              <button
                ref={menuButton}
                type="button"
                className={styles.iconButton}
                aria-label="Open the back-office menu"
                aria-expanded={isDrawerOpen}
                aria-controls="workspace-sidebar"
                onClick={() => setIsDrawerOpen(true)}
              >
                <NavIcon name="menu" />
              </button>
            ) : null}
            <nav aria-label="Breadcrumb" className={styles.crumbs}>
              <ol>
                {crumbs.map((crumb, index) => (
                  <li key={`${crumb.label}-${index}`}>
                    {crumb.to && index < crumbs.length - 1 ? (
                      <Link to={crumb.to}>{crumb.label}</Link>
                    ) : (
                      <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
            <button
              type="button"
              className={styles.paletteTrigger}
              onClick={openPalette}
              aria-label="Search or jump to…"
              aria-keyshortcuts="Control+K Meta+K"
            >
              <NavIcon name="search" />
              <span className={styles.paletteText}>Search or jump to…</span>
              <kbd className={styles.kbd}>Ctrl K</kbd>
            </button>
            <div className={styles.topActions}>
              <a href={paths.home} className={styles.topLink}>
                View site
              </a>
              <span className={styles.user} title={user?.email ?? undefined}>
                <span className="visually-hidden">Signed in as </span>
                {user?.username ?? 'User'}
              </span>
              <button type="button" className={styles.topLink} onClick={onLogout}>
                Logout
              </button>
            </div>
          </div>
          <div className={styles.content} id="workspace-content">
            <Routes>
              {screens.map(({ path, element }) =>
                path === base ? (
                  <Route key={path} index element={element} />
                ) : (
                  <Route key={path} path={path.slice(base.length + 1)} element={element} />
                ),
              )}
              <Route path="*" element={notFound} />
            </Routes>
          </div>
        </div>
      </div>
      {hasPalette ? (
        <Suspense fallback={null}>
          <CommandPalette isOpen={isPaletteOpen} onOpenChange={setIsPaletteOpen} sections={sections} sources={paletteSources} />
        </Suspense>
      ) : null}
    </WorkspaceProvider>
  );
}
