import type { Service } from './content';

/** Each file is its service, parsed at build time (content-plugin.ts). */
const files = import.meta.glob<Service>('../../content/services/*.md', { import: 'default', eager: true });

export const services = Object.values(files).sort((a, b) => a.order - b.order);
