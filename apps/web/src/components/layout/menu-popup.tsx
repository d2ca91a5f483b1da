import { MENU_ENTRIES } from './menu-entries';
import { PageLink } from './page-link';
import styles from './popup.module.css';

export interface MenuPopupProps {
  id: string;
  onNavigate: () => void;
  onOpenAccount: () => void;
}

export function MenuPopup({ id, onNavigate, onOpenAccount }: MenuPopupProps) {
  return (
    <nav id={id} className={`${styles.panel} ${styles.menuPanel}`} aria-label="Main menu">
      <span className={styles.eyebrow} aria-hidden="true">
        The Maison
      </span>
      <ul className={styles.list}>
        {MENU_ENTRIES.map((entry) => (
          <li key={entry.label}>
            {entry.kind === 'link' ? (
              <PageLink to={entry.to} className={styles.menuItem} onClick={onNavigate}>
                {entry.label}
              </PageLink>
            ) : entry.kind === 'inert' ? (
              // The spec gives this entry no action; it stays visible and says so to assistive tech.
              <button type="button" className={styles.menuItem} aria-disabled="true">
                {entry.label}
              </button>
            ) : (
              <button type="button" className={`${styles.menuItem} ${styles.small}`} onClick={onOpenAccount}>
                {entry.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
