import { toPage } from '../content';
import { Markdown } from '../markdown';
import styles from './content.module.css';

const files = import.meta.glob<string>('../../../content/new-cut/*.md', { query: '?raw', import: 'default', eager: true });

/** The story of the house's newest cut (/new-cut), in its own module: no other page's chunk carries it. */
export const newCutStory = toPage('new-cut/the-mirror-oval.md', Object.values(files)[0]!);

export function NewCutStory() {
  return <Markdown source={newCutStory.body} className={styles.prose} />;
}
