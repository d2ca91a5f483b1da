/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_AUTH_BASE_URL?: string;
  readonly VITE_BRAND_INBOX?: string;
  /** BRAND_DOMAIN of the build's environment (vite.config.ts `define`), the API's variable. */
  readonly BRAND_DOMAIN?: string;
  readonly VITE_TURNSTILE_SITE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:world-atlas' {
  /** URL of the boutique map's atlas manifest (features/locations/atlas), a hashed static file. */
  const url: string;
  export default url;
}
