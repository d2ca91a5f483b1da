import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/query-state';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { Input } from '../../../components/ui/input';
import { brand } from '../../../config/brand';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { filterFaq, parseFaq } from '../content';
import { supportPage } from '../editorial';
import { Markdown } from '../markdown';
import styles from './content.module.css';

const groups = parseFaq(supportPage.body);

export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const results = useMemo(() => filterFaq(groups, query), [query]);
  return (
    <>
      <PageMeta
        title="Support"
        description="Client care at Mirror: orders and payment, sizing, care and repairs, boutiques and appointments."
      />
      <PageIntro eyebrow="Client care" title={supportPage.title} lead={supportPage.summary} />
      <div className={styles.container}>
        <form role="search" className={styles.faqSearch} onSubmit={(e) => e.preventDefault()}>
          <Input
            label="Search the questions"
            type="search"
            value={query}
            onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true, preventScrollReset: true })}
          />
        </form>
        {results.length === 0 ? (
          <EmptyState title="No answer matches your search">
            <p>
              Write to <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or{' '}
              <PageLink to={paths.contact}>contact us</PageLink>: our concierge replies within one working day.
            </p>
          </EmptyState>
        ) : (
          results.map((group) => (
            <section key={group.title} className={styles.faqGroup} aria-labelledby={`faq-${group.title}`}>
              <h2 id={`faq-${group.title}`} className={styles.faqGroupTitle}>
                {group.title}
              </h2>
              {group.items.map((item) => (
                <details key={item.question} className={styles.faqItem} open={query ? true : undefined}>
                  <summary>{item.question}</summary>
                  <Markdown tree={item.answer} className={styles.faqAnswer} />
                </details>
              ))}
            </section>
          ))
        )}
      </div>
    </>
  );
}
