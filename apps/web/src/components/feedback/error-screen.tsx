import { paths } from '../../config/routes';
import { PageMeta } from '../../lib/page-meta';
import { Wordmark } from '../layout/wordmark';
import { buttonClassName } from '../ui/button';
import styles from './error-screen.module.css';

/**
 * The 500 screen (docs/product.md §2), exact texts. It uses no router or session state: it must render
 * even when those are what broke, so its links are full page loads.
 */
export function ErrorScreen() {
  return (
    <main className={styles.screen} id="page-root" data-path="error">
      <PageMeta title="Something went wrong" />
      <div className={styles.inner}>
        <a href={paths.home} className={styles.wordmark} aria-label="Mirror, home">
          <Wordmark />
        </a>
        <p className={styles.code} aria-hidden="true">
          500
        </p>
        <h1 className={styles.title}>
          <span className="visually-hidden">500 — </span>Something went wrong
        </h1>
        <hr className={styles.rule} />
        <p className={styles.text}>We encountered an unexpected error. Please try reloading the page or go back to the homepage.</p>
        <div className={styles.actions}>
          <button type="button" className={buttonClassName()} onClick={() => window.location.reload()}>
            Reload Page
          </button>
          <a href={paths.home} className={buttonClassName({ variant: 'secondary' })}>
            Go to Homepage
          </a>
        </div>
        <nav className={styles.help} aria-label="Help">
          <a href={paths.support}>Contact Support</a>
          <a href={paths.collections}>Browse Collections</a>
        </nav>
      </div>
    </main>
  );
}
