import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { RootLayout } from '../layout/root-layout.tsx';
import type { ScreenId } from '../routes/placeholder-screen.tsx';
import { RouteError } from './route-error.tsx';

/** Screens that later work fills share one lazily loaded module until then. */
const placeholder = (id: ScreenId) => () =>
  import('../routes/placeholder-screen.tsx').then((module) => ({ Component: module.placeholderFor(id) }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('../routes/landing-screen.tsx') },
      { path: '/auth', lazy: () => import('../routes/auth-screen.tsx') },
      { path: '/login', lazy: () => import('../routes/auth-screen.tsx') },
      { path: '/auth/reset-password', lazy: placeholder('resetPassword') },
      { path: '/app', lazy: () => import('../routes/dashboard-screen.tsx') },
      { path: '/onboarding', lazy: placeholder('onboarding') },
      { path: '/subscription', lazy: placeholder('subscription') },
      { path: '/profile', lazy: placeholder('profile') },
      { path: '/notes', lazy: placeholder('notes') },
      { path: '/calendar', lazy: placeholder('calendar') },
      { path: '/diary', lazy: placeholder('diary') },
      { path: '/mood', lazy: placeholder('mood') },
      { path: '/insights', lazy: placeholder('insights') },
      { path: '/mood/entry/:date?', lazy: () => import('../routes/mood-entry-screen.tsx') },
      {
        path: '/settings',
        lazy: () => import('../routes/settings-screen.tsx'),
        children: [
          { index: true, lazy: () => import('../routes/settings-index.tsx') },
          { path: '*', lazy: () => import('../routes/settings-section.tsx') },
        ],
      },
      { path: '/support', lazy: () => import('../routes/support-screen.tsx') },
      { path: '/faq', lazy: () => import('../routes/faq-screen.tsx') },
      { path: '/privacy', lazy: () => import('../routes/privacy-screen.tsx') },
      { path: '/terms', lazy: () => import('../routes/terms-screen.tsx') },
      { path: '/404', lazy: () => import('../routes/not-found-screen.tsx') },
      { path: '*', lazy: () => import('../routes/not-found-screen.tsx') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
