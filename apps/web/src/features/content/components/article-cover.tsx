import { useQuery } from '@tanstack/react-query';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { brand } from '../../../config/brand';
import { coverQuery } from '../api/content.queries';
import styles from './content.module.css';

/** 16:9 cover from the named collection's imagery; the wordmark on ivory while it loads or if it has none. */
export function ArticleCover({
  collection,
  alt,
  sizes,
  isPriority,
}: {
  collection: string;
  alt: string;
  sizes: string;
  isPriority?: boolean;
}) {
  const cover = useQuery(coverQuery(collection));
  return (
    <div className={styles.cover}>
      {cover.data ? (
        <ResponsiveImage image={cover.data} sizes={sizes} isPriority={isPriority} alt={alt} />
      ) : (
        <span className={styles.coverMark} aria-hidden="true">
          {brand.name.toUpperCase()}
        </span>
      )}
    </div>
  );
}
