import type { ReactNode } from 'react';
import styles from './page-intro.module.css';

export interface PageIntroProps {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'start';
  children?: ReactNode;
}

/** The opening of an editorial page: eyebrow, display title, a short lead, a gold rule. */
export function PageIntro({ eyebrow, title, lead, align = 'center', children }: PageIntroProps) {
  return (
    <header className={[styles.intro, align === 'start' && styles.start].filter(Boolean).join(' ')}>
      <p className="eyebrow">{eyebrow}</p>
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      <span className={styles.rule} aria-hidden="true" />
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </header>
  );
}
