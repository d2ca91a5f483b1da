/** Thin line icons for the back-office (16 px, currentColor, 1.2 stroke): drawn here, no icon font. */
const PATHS = {
  overview: 'M2 14V8h3v6M6.5 14V4h3v10M11 14V6h3v8',
  products: 'M8 2l4.5 4L8 14 3.5 6zM3.5 6h9M6 6l2 8 2-8',
  collections: 'M2.5 3.5h11v9h-11zM2.5 6.5h11M6 3.5v3',
  taxonomy: 'M3 3h4v3H3zM9 10h4v3H9zM5 6v5.5h4M9 4.5h4',
  orders: 'M3.5 2.5h9v11h-9zM6 5.5h4M6 8h4M6 10.5h2',
  payments: 'M2 4.5h12v7H2zM2 7h12M4.5 9.5h2',
  designers: 'M8 2.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6L8 10.7l-3.2 1.7.6-3.6L2.8 6.3l3.6-.5z',
  vendors: 'M2.5 6.5 4 3h8l1.5 3.5M2.5 6.5h11v7h-11zM6.5 13.5v-4h3v4',
  locations: 'M8 14s4.5-4.2 4.5-7.5a4.5 4.5 0 0 0-9 0C3.5 9.8 8 14 8 14zM8 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  users:
    'M6 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM1.5 13.5c.5-2.5 2.3-4 4.5-4s4 1.5 4.5 4M11 7.5a2 2 0 1 0-.5-3.9M12 9.7c1.4.4 2.3 1.7 2.5 3.8',
  emails: 'M2 3.5h12v9H2zM2 4l6 5 6-5',
  submissions: 'M4 2.5h5.5L12 5v8.5H4zM9.5 2.5V5H12M6 8.5h4M6 11h3',
  activity: 'M1.5 8h3l1.5-4 3 8 1.5-4h4',
  profile: 'M8 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 13.5c.6-2.7 2.6-4 5-4s4.4 1.3 5 4',
  search: 'M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM11 11l3.5 3.5',
  menu: 'M2 4h12M2 8h12M2 12h12',
  collapse: 'M10 3.5 5.5 8l4.5 4.5M13 2.5v11',
  expand: 'M6 3.5 10.5 8 6 12.5M3 2.5v11',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.5 9h6l.5-9',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
