import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { brand } from '../../../config/brand';
import { coverQuery } from '../api/content.queries';
import { slotObjectPosition, type ArtDirection, type SlotAspect } from '../art-direction';
import styles from './content.module.css';

/**
 * The slots a cover is shown in, and the aspect each is cut to (content.module.css sets the same):
 * a card of the journal and the home page's news is 16:9; an article's hero is 3:2 on a phone and a
 * 21:9 band from 768 px.
 */
const SLOTS = {
  card: { narrow: '16:9', wide: '16:9' },
  hero: { narrow: '3:2', wide: '21:9' },
} satisfies Record<string, { narrow: SlotAspect; wide: SlotAspect }>;

export type CoverSlot = keyof typeof SLOTS;

/**
 * The cover of an article: its named collection's imagery, cut around the article's focal point in
 * every slot (decisions §109); the wordmark on ivory while it loads or if it has none.
 */
export function ArticleCover({
  collection,
  art,
  slot,
  alt,
  sizes,
  isPriority,
}: {
  collection: string;
  art: ArtDirection;
  slot: CoverSlot;
  alt: string;
  sizes: string;
  isPriority?: boolean;
}) {
  const cover = useQuery(coverQuery(collection));
  const image = cover.data;
  const aspects = SLOTS[slot];
  const position = image
    ? ({
        '--cover-position': slotObjectPosition(art, image.width / image.height, aspects.narrow),
        '--cover-position-wide': slotObjectPosition(art, image.width / image.height, aspects.wide),
      } as CSSProperties)
    : undefined;
  return (
    <div className={styles.cover} data-slot={slot} style={position}>
      {image ? (
        <ResponsiveImage image={image} sizes={sizes} isPriority={isPriority} alt={alt} />
      ) : (
        <span className={styles.coverMark} aria-hidden="true">
          {brand.name.toUpperCase()}
        </span>
      )}
    </div>
  );
}
