import styles from './route-loading.module.css';

/** What a lazy route shows while its chunk loads (docs/product.md §2). */
export function RouteLoading() {
  return (
    <div className={styles.loading} role="status" data-route-loading="">
      Loading...
    </div>
  );
}
