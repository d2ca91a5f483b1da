/** Every lazily loaded page of the app, one chunk each. */
import { lazyPage } from './lazy-page';

export const pages = {
  welcome: lazyPage(() => import('./routes/welcome-page')),
  home: lazyPage(() => import('../features/home/home-page')),
  login: lazyPage(() => import('./routes/login-page')),
  register: lazyPage(() => import('./routes/register-page')),
  placeholder: lazyPage(() => import('./routes/placeholder-page')),
  dashboard: lazyPage(() => import('./routes/dashboard-page')),
  arRing: lazyPage(() => import('./routes/ar-ring-page')),
  notFound: lazyPage(() => import('./routes/not-found-page')),
  forbidden: lazyPage(() => import('./routes/forbidden-page')),
};
