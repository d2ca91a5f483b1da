import type { EditorialPage } from '../content';
import { Markdown } from '../markdown';
import styles from './content.module.css';

/** Parsed at build time (content-plugin.ts). */
const files = import.meta.glob<EditorialPage>('../../../content/new-cut/*.md', { import: 'default', eager: true });

/** The story of the house's newest cut (/new-cut), in its own module: no other page's chunk carries it. */
export const newCutStory = Object.values(files)[0]!;

export function NewCutStory() {
  return <Markdown tree={newCutStory.body} className={styles.prose} />;
}
