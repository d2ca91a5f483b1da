import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/routes';
import { MOBILE_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from '../../lib/media';
import { signOut } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { AccountPopup } from './account-popup';
import { isHomePage, isJewelryWeekPage, isLogoDisabled } from './chrome-rules';
import { MenuPopup } from './menu-popup';
import styles from './navbar.module.css';
import popupStyles from './popup.module.css';
import { PageLink } from './page-link';
import { useDismiss } from './use-dismiss';
import { Wordmark } from './wordmark';

type OpenPopup = 'menu' | 'account' | null;

const HOVER_CLOSE_DELAY_MS = 180;
export const INTRO_SUBMIT_SECTION_ID = 'intro-submit';

/** How far into the hero the bar turns solid before the hero has scrolled away. */
const OVER_HERO_MARGIN_PX = 80;

/**
 * On /home the bar is transparent while it sits over the hero (`[data-hero]`): while the hero's
 * bottom edge is more than 80 px below the top of the window. An IntersectionObserver tells
 * (reading offsetTop on every scroll and DOM change forced layouts on the main thread); a
 * MutationObserver only waits for the hero to arrive with the lazily loaded page.
 */
function useOverHero(isEnabled: boolean): boolean {
  const [isOver, setIsOver] = useState(isEnabled);
  // Off the home page the bar is solid (state adjusted while rendering, not in an effect).
  const [wasEnabled, setWasEnabled] = useState(isEnabled);
  if (wasEnabled !== isEnabled) {
    setWasEnabled(isEnabled);
    if (!isEnabled) setIsOver(false);
  }
  useEffect(() => {
    if (!isEnabled) return;
    if (typeof IntersectionObserver === 'undefined') return;
    let intersection: IntersectionObserver | null = null;
    const attach = (): boolean => {
      const hero = document.querySelector<HTMLElement>('[data-hero]');
      if (!hero) return false;
      intersection = new IntersectionObserver(([entry]) => setIsOver(Boolean(entry?.isIntersecting)), {
        rootMargin: `-${OVER_HERO_MARGIN_PX}px 0px 0px 0px`,
      });
      intersection.observe(hero);
      return true;
    };
    let mutations: MutationObserver | null = null;
    if (!attach()) {
      // No hero (yet): solid unless at the very top, as before it arrives.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the window's scroll, known only once the page is committed and the hero found missing; no render-time value to derive it from.
      setIsOver(window.scrollY < 1);
      mutations = new MutationObserver(() => {
        if (attach()) mutations?.disconnect();
      });
      mutations.observe(document.body, { childList: true, subtree: true });
    }
    return () => {
      mutations?.disconnect();
      intersection?.disconnect();
    };
  }, [isEnabled]);
  return isOver;
}

/** The showroom's intro-submit section in view switches the logo to its submit variant. */
function useSectionInView(id: string, isEnabled: boolean): boolean {
  const [isInView, setIsInView] = useState(false);
  // Another section or page starts out of view (state adjusted while rendering, not in an effect).
  const [watched, setWatched] = useState({ id, isEnabled });
  if (watched.id !== id || watched.isEnabled !== isEnabled) {
    setWatched({ id, isEnabled });
    setIsInView(false);
  }
  useEffect(() => {
    if (!isEnabled || typeof IntersectionObserver === 'undefined') return;
    let intersection: IntersectionObserver | null = null;
    const attach = () => {
      const section = document.getElementById(id);
      if (!section || intersection) return;
      intersection = new IntersectionObserver(([entry]) => setIsInView(Boolean(entry?.isIntersecting)), { threshold: 0.2 });
      intersection.observe(section);
    };
    attach();
    // The section arrives with the lazily loaded page.
    const mutations = new MutationObserver(attach);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      mutations.disconnect();
      intersection?.disconnect();
    };
  }, [id, isEnabled]);
  return isInView;
}

function Logo({ pathname }: { pathname: string }) {
  const isIntroSubmitInView = useSectionInView(INTRO_SUBMIT_SECTION_ID, pathname === paths.immersiveShowroom);
  const isSubmitVariant = isJewelryWeekPage(pathname) || isIntroSubmitInView;
  const caption = isSubmitVariant ? <span className={styles.logoCaption}>Digital Jewelry Week · Submit</span> : null;
  if (isLogoDisabled(pathname)) {
    return (
      <span className={styles.logo} aria-disabled="true" data-testid="logo" data-variant={isSubmitVariant ? 'submit' : 'default'}>
        <Wordmark />
        {caption}
      </span>
    );
  }
  if (isHomePage(pathname)) {
    return (
      <a
        href={paths.home}
        className={styles.logo}
        data-testid="logo"
        aria-label="Mirror, home"
        onClick={(event) => {
          event.preventDefault();
          window.scrollTo({ top: 0 });
          window.location.reload();
        }}
      >
        <Wordmark />
      </a>
    );
  }
  return (
    <PageLink to={paths.home} className={styles.logo} data-testid="logo" aria-label="Mirror, home">
      <Wordmark />
    </PageLink>
  );
}

export function Navbar() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState<OpenPopup>(null);
  const menuId = useId();
  const accountId = useId();
  const menuWrap = useRef<HTMLDivElement>(null);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const accountWrap = useRef<HTMLDivElement>(null);
  const accountTrigger = useRef<HTMLButtonElement>(null);
  const hoverClose = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hoverOpenedAt = useRef(0);
  const isOverHero = useOverHero(isHomePage(location.pathname)) && open === null;

  const close = useCallback(() => setOpen(null), []);
  useDismiss(open === 'menu', close, menuWrap, menuTrigger);
  useDismiss(open === 'account', close, accountWrap, accountTrigger);

  // Route change closes any popup (state adjusted while rendering, not in an effect).
  const [openPath, setOpenPath] = useState(location.pathname);
  if (openPath !== location.pathname) {
    setOpenPath(location.pathname);
    setOpen(null);
  }

  const cancelHoverClose = () => {
    if (hoverClose.current) clearTimeout(hoverClose.current);
    hoverClose.current = null;
  };
  useEffect(() => cancelHoverClose, []);

  const isHoverPointer = (event: PointerEvent) => !isSmallScreen && event.pointerType === 'mouse';

  const onMenuPointerEnter = (event: PointerEvent) => {
    if (!isHoverPointer(event)) return;
    cancelHoverClose();
    setOpen((current) => {
      if (current !== 'menu') hoverOpenedAt.current = Date.now();
      return 'menu';
    });
  };
  const onMenuPointerLeave = (event: PointerEvent) => {
    if (!isHoverPointer(event)) return;
    cancelHoverClose();
    hoverClose.current = setTimeout(() => setOpen((current) => (current === 'menu' ? null : current)), HOVER_CLOSE_DELAY_MS);
  };
  const onMenuClick = () => {
    // The click that follows a hover-open must not immediately close the menu again. Read the
    // state through the updater: the hover's update may not have rendered yet.
    const isJustHoverOpened = Date.now() - hoverOpenedAt.current < 500;
    setOpen((current) => (current !== 'menu' ? 'menu' : isJustHoverOpened ? 'menu' : null));
  };

  const onLogout = async () => {
    setOpen(null);
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <header className={styles.navbar} data-tone={isOverHero ? 'over-hero' : 'solid'} data-testid="navbar">
      <div className={styles.bar}>
        <div
          ref={menuWrap}
          className={`${styles.wrap} ${styles.start}`}
          onPointerEnter={onMenuPointerEnter}
          onPointerLeave={onMenuPointerLeave}
        >
          <button
            ref={menuTrigger}
            type="button"
            className={styles.trigger}
            aria-expanded={open === 'menu'}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={onMenuClick}
          >
            <span className={styles.burger} aria-hidden="true" />
            <span className={styles.triggerLabel} aria-hidden="true">
              Menu
            </span>
          </button>
          {open === 'menu' ? (
            <MenuPopup
              id={menuId}
              onNavigate={close}
              onOpenAccount={() => {
                setOpen('account');
                requestAnimationFrame(() => accountTrigger.current?.focus());
              }}
            />
          ) : null}
        </div>

        <Logo pathname={location.pathname} />

        <div ref={accountWrap} className={`${styles.wrap} ${styles.end}`}>
          <button
            ref={accountTrigger}
            type="button"
            className={styles.trigger}
            aria-expanded={open === 'account'}
            aria-controls={accountId}
            aria-label="Account"
            onClick={() => setOpen((current) => (current === 'account' ? null : 'account'))}
          >
            <span className={styles.triggerLabel} aria-hidden="true">
              {user ? user.username || 'User' : 'Account'}
            </span>
            <svg className={styles.accountIcon} viewBox="0 0 18 18" aria-hidden="true">
              <circle cx="9" cy="6" r="3.25" fill="none" stroke="currentColor" strokeWidth="1" />
              <path d="M2.5 16.5c.8-3.2 3.4-5 6.5-5s5.7 1.8 6.5 5" fill="none" stroke="currentColor" strokeWidth="1" />
            </svg>
          </button>
          {open === 'account' ? <AccountPopup id={accountId} user={user} onNavigate={close} onLogout={() => void onLogout()} /> : null}
        </div>
      </div>
      {open === 'menu' && isMobile ? <div className={popupStyles.overlay} data-testid="menu-overlay" aria-hidden="true" /> : null}
    </header>
  );
}
