import { paths } from '../../config/routes';
import { hasRole, type SessionUser } from '../../lib/session';
import { PageLink } from './page-link';
import styles from './popup.module.css';

export interface AccountPopupProps {
  id: string;
  user: SessionUser | null;
  onNavigate: () => void;
  onLogout: () => void;
}

/** Signed in: name, profile, the dashboards the roles allow, logout. Signed out: login. No designer link (docs/product.md §2). */
export function AccountPopup({ id, user, onNavigate, onLogout }: AccountPopupProps) {
  return (
    <div id={id} className={`${styles.panel} ${styles.accountPanel}`} role="region" aria-label="Account">
      {user ? (
        <>
          <span className={styles.eyebrow}>
            <span className="visually-hidden">Signed in as </span>
            <span className={styles.username} data-testid="account-username">
              {user.username || 'User'}
            </span>
          </span>
          <ul className={styles.list}>
            <li>
              <PageLink to={paths.userProfile} className={styles.accountItem} onClick={onNavigate}>
                My Profile
              </PageLink>
            </li>
            {hasRole(user, 'ADMIN') ? (
              <li>
                <PageLink to={paths.adminDashboard} className={styles.accountItem} onClick={onNavigate}>
                  Admin Dashboard
                </PageLink>
              </li>
            ) : null}
            {hasRole(user, 'VENDOR') ? (
              <li>
                <PageLink to={paths.vendorDashboard} className={styles.accountItem} onClick={onNavigate}>
                  Vendor Dashboard
                </PageLink>
              </li>
            ) : null}
            <li>
              <hr className={styles.divider} />
              <button type="button" className={styles.accountItem} onClick={onLogout}>
                Logout
              </button>
            </li>
          </ul>
        </>
      ) : (
        <>
          <span className={styles.eyebrow}>Your account</span>
          <ul className={styles.list}>
            <li>
              <PageLink to={paths.login} className={styles.accountItem} onClick={onNavigate}>
                Login
              </PageLink>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
