import { useSearchParams } from 'react-router';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths, to } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { Markdown } from '../markdown';
import { services } from '../services';
import { ContentFigure } from './content-figure';
import styles from './content.module.css';

const detailHref = (slug: string) => `${paths.servicesDetail}?service=${encodeURIComponent(slug)}`;

export function ServicesPage() {
  return (
    <>
      <PageMeta
        title="Services"
        description="Bespoke design, resizing, cleaning, engraving and appraisal — the Mirror client services, for life."
      />
      <PageIntro
        eyebrow="Client services"
        title="For the life of every piece"
        lead="From the first drawing to the hundredth polish, our ateliers look after the jewellery they make — and the jewellery you love."
      />
      <div className={styles.container}>
        <ol className={styles.services} data-testid="services-list">
          {services.map((service, i) => (
            <li key={service.slug} className={styles.service}>
              <span className={styles.serviceIndex} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              {/* On a phone the first drawing is the first screen's largest paint. */}
              <ContentFigure image={service.image} className={styles.serviceThumb} isPriority={i === 0} />
              <h2 className={styles.serviceTitle}>{service.title}</h2>
              <p className={styles.serviceSummary}>{service.summary}</p>
              <PageLink to={detailHref(service.slug)} className={styles.serviceLink} aria-label={`Discover ${service.title}`}>
                Discover
              </PageLink>
            </li>
          ))}
        </ol>
        <div className={styles.cta}>
          <PageLink to={to.appointment()} className={buttonClassName()}>
            Book an appointment
          </PageLink>
        </div>
      </div>
    </>
  );
}

export function ServiceDetailPage() {
  const [params] = useSearchParams();
  const service = services.find((s) => s.slug === params.get('service')) ?? services[0]!;
  return (
    <article>
      <PageMeta title={service.title} description={service.summary} />
      <PageIntro eyebrow="Client services" title={service.title} lead={service.summary} />
      <div className={styles.container}>
        <nav aria-label="Services" className={styles.serviceNav}>
          {services.map((s) => (
            <PageLink key={s.slug} to={detailHref(s.slug)} aria-current={s.slug === service.slug ? 'page' : undefined} variant="quick">
              {s.title}
            </PageLink>
          ))}
        </nav>
        <p className={styles.serviceAside}>
          <span>Time: {service.duration}</span>
          <span>In every boutique offering the service</span>
        </p>
        <ContentFigure key={service.slug} image={service.image} className={styles.serviceFigure} isPriority />
        <Markdown tree={service.body} className={styles.prose} />
        <div className={styles.cta}>
          <PageLink to={to.appointment()} className={buttonClassName()}>
            Book an appointment
          </PageLink>
          <PageLink to={paths.locations} className={buttonClassName({ variant: 'secondary' })}>
            Find a boutique
          </PageLink>
        </div>
      </div>
    </article>
  );
}
