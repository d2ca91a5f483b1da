import { PageIntro } from '../../../components/layout/page-intro';
import layout from '../../../components/layout/section.module.css';
import { PageMeta } from '../../../lib/page-meta';
import { ProductBrowser, type BrowserLayout } from './product-browser';

const COPY: Record<BrowserLayout, { eyebrow: string; title: string; lead: string }> = {
  grid: {
    eyebrow: 'High jewelry',
    title: 'The pieces',
    lead: 'Rings, necklaces, earrings and bracelets — each set by hand in our Paris ateliers.',
  },
  large: {
    eyebrow: 'The lookbook',
    title: 'Pieces, up close',
    lead: 'The same catalogue, seen larger: every facet, every setting, one piece at a time.',
  },
  sidebar: {
    eyebrow: 'High jewelry',
    title: 'Find your piece',
    lead: 'Refine by category, metal, stone, collection, price and availability.',
  },
};

/** /products (editorial grid), /products-v2 (large images) and /products-left (faceted sidebar). */
export function ProductsPage({ layout: variant }: { layout: BrowserLayout }) {
  const copy = COPY[variant];
  return (
    <div className={layout.sectionTight}>
      <PageMeta title={copy.title} description={`${copy.lead} Browse the Mirror catalogue.`} />
      <PageIntro eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <div className={layout.container}>
        <ProductBrowser layout={variant} />
      </div>
    </div>
  );
}
