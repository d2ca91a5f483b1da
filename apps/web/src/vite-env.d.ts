/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_AUTH_BASE_URL?: string;
  readonly VITE_BRAND_INBOX?: string;
  readonly VITE_TURNSTILE_SITE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:world-land' {
  /** SVG path of the world's land, in the projection of features/locations/projection.ts. */
  const path: string;
  export default path;
}

declare module 'virtual:world-land-url' {
  /** URL of world-land.svg: `<path id="land">` in the same projection (use it as `${url}#land`). */
  const url: string;
  export default url;
}
