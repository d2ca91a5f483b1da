import { toPage } from './content';

const support = import.meta.glob<string>('../../content/support/*.md', { query: '?raw', import: 'default', eager: true });
const about = import.meta.glob<string>('../../content/about/*.md', { query: '?raw', import: 'default', eager: true });

export const supportPage = toPage('support/faq.md', Object.values(support)[0]!);
export const aboutPage = toPage('about/about.md', Object.values(about)[0]!);
