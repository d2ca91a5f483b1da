import type { EditorialPage } from './content';

/** Each file is its page, parsed at build time (content-plugin.ts). */
const support = import.meta.glob<EditorialPage>('../../content/support/*.md', { import: 'default', eager: true });
const about = import.meta.glob<EditorialPage>('../../content/about/*.md', { import: 'default', eager: true });

export const supportPage = Object.values(support)[0]!;
export const aboutPage = Object.values(about)[0]!;
