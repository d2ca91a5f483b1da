import { toService } from './content';

const files = import.meta.glob<string>('../../content/services/*.md', { query: '?raw', import: 'default', eager: true });

export const services = Object.entries(files)
  .map(([file, source]) => toService(file, source))
  .sort((a, b) => a.order - b.order);
