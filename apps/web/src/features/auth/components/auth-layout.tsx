import type { ReactNode } from 'react';
import { DiamondMark } from '../../../components/brand/diamond-mark';
import styles from './auth-layout.module.css';

export { styles as authStyles };

/** Sign-in and registration share one composition: a dark, quiet panel beside the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <div className={styles.aside} aria-hidden="true">
        <DiamondMark className={styles.asideMark} />
        <p className={styles.quote}>“Every stone holds a little of the light that found it.”</p>
        <p className={styles.quoteSource}>The Mirror ateliers, Paris</p>
      </div>
      <div className={styles.panel}>{children}</div>
    </div>
  );
}
