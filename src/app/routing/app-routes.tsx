import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { RootLayout } from '../layout/root-layout.tsx';
import type { ScreenId } from '../routes/placeholder-screen.tsx';

/**
 * Every route of product spec §2, each screen its own lazily loaded chunk. Declarative routes rather
 * than the data router: we use no loaders or actions, and the data router would add ~19 KB gzipped to
 * the first screen (docs/adr/0004-routing-and-access.md).
 */
function screen(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

/** Screens that later work fills share one module until then. */
function placeholder(id: ScreenId) {
  return lazy(() =>
    import('../routes/placeholder-screen.tsx').then((module) => ({ default: module.placeholderFor(id) })),
  );
}

const Landing = screen(() => import('../routes/landing-screen.tsx'));
const Auth = screen(() => import('../routes/auth-screen.tsx'));
const Dashboard = screen(() => import('../routes/dashboard-screen.tsx'));
const MoodEntry = screen(() => import('../routes/mood-entry-screen.tsx'));
const Settings = screen(() => import('../routes/settings-screen.tsx'));
const SettingsIndex = screen(() => import('../routes/settings-index.tsx'));
const SettingsSection = screen(() => import('../routes/settings-section.tsx'));
const Support = screen(() => import('../routes/support-screen.tsx'));
const Faq = screen(() => import('../routes/faq-screen.tsx'));
const Privacy = screen(() => import('../routes/privacy-screen.tsx'));
const Terms = screen(() => import('../routes/terms-screen.tsx'));
const NotFound = screen(() => import('../routes/not-found-screen.tsx'));
const ResetPassword = screen(() => import('../routes/reset-password-screen.tsx'));
const Onboarding = placeholder('onboarding');
const Subscription = placeholder('subscription');
const Profile = screen(() => import('../routes/profile-screen.tsx'));
const Notes = placeholder('notes');
const Calendar = placeholder('calendar');
const Diary = placeholder('diary');
const Mood = placeholder('mood');
const Insights = placeholder('insights');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<Landing />} />
        <Route path="/auth" element={<Auth />} />
        <Route path="/login" element={<Auth />} />
        <Route path="/auth/reset-password" element={<ResetPassword />} />
        <Route path="/app" element={<Dashboard />} />
        <Route path="/onboarding" element={<Onboarding />} />
        <Route path="/subscription" element={<Subscription />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/notes" element={<Notes />} />
        <Route path="/calendar" element={<Calendar />} />
        <Route path="/diary" element={<Diary />} />
        <Route path="/mood" element={<Mood />} />
        <Route path="/insights" element={<Insights />} />
        <Route path="/mood/entry/:date?" element={<MoodEntry />} />
        <Route path="/settings" element={<Settings />}>
          <Route index element={<SettingsIndex />} />
          <Route path="*" element={<SettingsSection />} />
        </Route>
        <Route path="/support" element={<Support />} />
        <Route path="/faq" element={<Faq />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route path="/terms" element={<Terms />} />
        <Route path="/404" element={<NotFound />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
