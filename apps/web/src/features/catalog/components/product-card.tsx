import type { Product } from '@mirror/contract';
import { PageLink } from '../../../components/layout/page-link';
import { PIECE_GRID_SIZES } from '../../../components/media/grid-sizes';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { to } from '../../../config/routes';
import { useIsAfterLoad } from '../../../lib/after-load';
import { formatPrice, humanize } from '../../../lib/format';
import { HOVER_QUERY } from '../../../lib/media';
import styles from './product-card.module.css';

export interface ProductCardProps {
  product: Product;
  sizes?: string;
  isPriority?: boolean;
  /** 'large' for the editorial alternate layout. */
  variant?: 'regular' | 'large';
  headingLevel?: 2 | 3;
}

export function productSubtitle(product: Product): string {
  return [humanize(product.metalType), product.gemstone ? humanize(product.gemstone.type) : null].filter(Boolean).join(' · ');
}

/** Image, name in the serif, metal and stone in small caps, price — the second view on hover. */
export function ProductCard({
  product,
  sizes = PIECE_GRID_SIZES.four,
  isPriority,
  variant = 'regular',
  headingLevel = 3,
}: ProductCardProps) {
  const [front, second] = product.images;
  const Heading = `h${headingLevel}` as const;
  // The second view only shows on hover or focus: it loads once the page has settled, and only where a pointer can
  // hover — on a phone the twelve of a list were half a megabyte nobody saw.
  const isAfterLoad = useIsAfterLoad(HOVER_QUERY);
  return (
    <article className={[styles.card, variant === 'large' && styles.large].filter(Boolean).join(' ')} data-testid="product-card">
      <PageLink to={to.product(product.id)} className={styles.link}>
        <div className={styles.media}>
          {front ? (
            <ResponsiveImage image={front} sizes={sizes} isPriority={isPriority} alt={front.alt || product.name} className={styles.front} />
          ) : (
            <span className={styles.noImage} aria-hidden="true" />
          )}
          {second && isAfterLoad ? <ResponsiveImage image={second} sizes={sizes} alt="" className={styles.second} /> : null}
          {product.availability === 'OUT_OF_STOCK' ? <span className={styles.badge}>Made to order</span> : null}
        </div>
        <div className={styles.body}>
          <Heading className={styles.name}>{product.name}</Heading>
          <p className={styles.meta}>{productSubtitle(product)}</p>
          <p className={styles.price}>{formatPrice(product)}</p>
        </div>
      </PageLink>
    </article>
  );
}
