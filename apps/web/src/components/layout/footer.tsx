import { useState, type SubmitEvent } from 'react';
import { brand, type SocialNetwork } from '../../config/brand';
import { paths, to } from '../../config/routes';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import styles from './footer.module.css';
import { PageLink } from './page-link';
import { Wordmark } from './wordmark';

const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  Instagram:
    'M4.5 1h9A3.5 3.5 0 0 1 17 4.5v9a3.5 3.5 0 0 1-3.5 3.5h-9A3.5 3.5 0 0 1 1 13.5v-9A3.5 3.5 0 0 1 4.5 ' +
    '1Zm4.5 4.2a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6ZM13.7 3.6h.01',
  Pinterest:
    'M9 1a8 8 0 0 0-2.9 15.45c-.07-.62-.1-1.6.03-2.3l.93-3.95s-.24-.47-.24-1.17c0-1.1.64-1.92 ' +
    '1.43-1.92.67 0 1 .5 1 1.11 0 .68-.43 1.69-.66 2.63-.19.79.4 1.43 1.17 1.43 1.4 0 2.49-1.48 ' +
    '2.49-3.62 0-1.9-1.36-3.22-3.31-3.22-2.25 0-3.57 1.69-3.57 3.43 0 .68.26 1.41.59 1.8',
  YouTube:
    'M1.5 5.2c.1-1.3 1.1-2.3 2.4-2.4C5.6 2.7 7.3 2.6 9 2.6s3.4.1 5.1.2c1.3.1 2.3 1.1 2.4 2.4.1 1.3.1 ' +
    '2.5.1 3.8s0 2.5-.1 3.8c-.1 1.3-1.1 2.3-2.4 ' +
    '2.4-1.7.1-3.4.2-5.1.2s-3.4-.1-5.1-.2c-1.3-.1-2.3-1.1-2.4-2.4C1.4 11.5 1.4 10.3 1.4 ' +
    '9s0-2.5.1-3.8ZM7.3 6.3v5.4L11.8 9Z',
  LinkedIn:
    'M2 6.5h3v9.5H2Zm1.5-4.7a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4ZM7 6.5h2.9v1.3c.4-.8 1.4-1.5 ' +
    '2.9-1.5 3 0 3.2 2 3.2 4.5V16h-3v-4.6c0-1.1 0-2.5-1.5-2.5S10 10 10 11.3V16H7Z',
};

function Newsletter() {
  const [email, setEmail] = useState('');
  // docs/product.md §1/§5: acts only when non-empty, no format check, no message, nothing sent.
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email) return;
    setEmail('');
  };
  return (
    <form className={styles.newsletter} onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <Input
        label="Email"
        type="email"
        name="newsletter-email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Subscribe
      </Button>
    </form>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.inner}>
        <div className={styles.grid}>
          <section className={styles.newsletterBlock} aria-labelledby="footer-newsletter">
            <p className="eyebrow" id="footer-newsletter">
              Newsletter
            </p>
            <p className={styles.newsletterTitle} style={{ fontFamily: 'var(--font-display)' }}>
              News from the Maison, first.
            </p>
            <Newsletter />
          </section>

          <section aria-labelledby="footer-care">
            <h2 id="footer-care" className={styles.heading}>
              Client care
            </h2>
            <ul className={styles.list}>
              <li>
                <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
              </li>
              <li>
                <a href={`tel:${brand.supportPhone.replace(/[^+\d]/g, '')}`}>{brand.supportPhone}</a>
              </li>
              <li>
                <PageLink to={to.appointment()}>Book an appointment</PageLink>
              </li>
            </ul>
          </section>

          <section aria-labelledby="footer-maison">
            <h2 id="footer-maison" className={styles.heading}>
              The Maison
            </h2>
            <ul className={styles.list}>
              <li>
                <PageLink to={paths.collections}>Collections</PageLink>
              </li>
              <li>
                <PageLink to={paths.newCut}>The new cut</PageLink>
              </li>
              <li>
                <PageLink to={paths.services}>Services</PageLink>
              </li>
              <li>
                <PageLink to={paths.locations}>Boutiques</PageLink>
              </li>
              <li>
                <PageLink to={paths.news}>News</PageLink>
              </li>
            </ul>
          </section>

          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow" className={styles.heading}>
              Follow
            </h2>
            {/* Icons only, without links (docs/product.md §1). */}
            <ul className={styles.social}>
              {brand.social.map((network) => (
                <li key={network}>
                  <svg viewBox="0 0 18 18" role="img" aria-label={network}>
                    <path
                      d={SOCIAL_ICONS[network]}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.1"
                      strokeLinejoin="round"
                      strokeLinecap="round"
                    />
                  </svg>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className={styles.bottom}>
          <Wordmark className={styles.bottomWordmark} />
          <div className={styles.bottomLinks}>
            {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- A link without a target, as the spec has it: HTML's placeholder link, not focusable, nothing to activate. */}
            <a className={styles.legal}>Legal mentions</a>
            <span>{brand.copyright}</span>
          </div>
        </div>
      </div>
    </footer>
  );
}
