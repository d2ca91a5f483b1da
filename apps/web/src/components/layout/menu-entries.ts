import { paths } from '../../config/routes';

export type MenuEntry = { kind: 'link'; label: string; to: string } | { kind: 'inert'; label: string } | { kind: 'account'; label: string };

/** docs/product.md §2, in order. Immersive Showroom has no action; Account opens the account popup. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { kind: 'link', label: 'Products', to: paths.collections },
  { kind: 'link', label: 'Services', to: paths.services },
  { kind: 'link', label: 'Support', to: paths.support },
  { kind: 'link', label: 'About Mirror', to: paths.about },
  { kind: 'link', label: 'News', to: paths.news },
  { kind: 'inert', label: 'Immersive Showroom' },
  { kind: 'link', label: 'Location', to: paths.locations },
  { kind: 'link', label: 'Contact us', to: paths.contact },
  { kind: 'account', label: 'Account' },
];
