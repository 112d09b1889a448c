import { lazy, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';

import { RootLayout } from '../layout/root-layout.tsx';
import { decideAccess } from './access-rule.ts';

/**
 * Every route of product spec §2, each screen its own lazily loaded chunk. Declarative routes rather
 * than the data router: we use no loaders or actions, and the data router would add ~19 KB gzipped to
 * the first screen (docs/adr/0004-routing-and-access.md).
 */
function screen(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

const load = {
  landing: () => import('../routes/landing-screen.tsx'),
  auth: () => import('../routes/auth-screen.tsx'),
  resetPassword: () => import('../routes/reset-password-screen.tsx'),
  dashboard: () => import('../routes/dashboard-screen.tsx'),
  profile: () => import('../routes/profile-screen.tsx'),
  onboarding: () => import('../routes/onboarding-screen.tsx'),
  moodEntry: () => import('../routes/mood-entry-screen.tsx'),
  mood: () => import('../routes/mood-screen.tsx'),
  insights: () => import('../routes/insights-screen.tsx'),
  calendar: () => import('../routes/calendar-screen.tsx'),
  subscription: () => import('../routes/subscription-screen.tsx'),
  diary: () => import('../routes/diary-screen.tsx'),
  diaryEntry: () => import('../routes/diary-entry-screen.tsx'),
  settings: () => import('../routes/settings-screen.tsx'),
  support: () => import('../routes/support-screen.tsx'),
  faq: () => import('../routes/faq-screen.tsx'),
  privacy: () => import('../routes/privacy-screen.tsx'),
  terms: () => import('../routes/terms-screen.tsx'),
  notes: () => import('../routes/notes-screen.tsx'),
  note: () => import('../routes/note-editor-screen.tsx'),
  notesTrash: () => import('../routes/notes-trash-screen.tsx'),
  notFound: () => import('../routes/not-found-screen.tsx'),
};

const Landing = screen(load.landing);
const Auth = screen(load.auth);
const ResetPassword = screen(load.resetPassword);
const Dashboard = screen(load.dashboard);
const Profile = screen(load.profile);
const MoodEntry = screen(load.moodEntry);
const Settings = screen(load.settings);
const SettingsIndex = screen(() => import('../routes/settings-index.tsx'));
const SettingsSection = screen(() => import('../routes/settings-section.tsx'));
const Support = screen(load.support);
const Faq = screen(load.faq);
const Privacy = screen(load.privacy);
const Terms = screen(load.terms);
const NotFound = screen(load.notFound);
const Notes = screen(load.notes);
const Note = screen(load.note);
const NotesTrash = screen(load.notesTrash);
const Onboarding = screen(load.onboarding);
const Subscription = screen(load.subscription);
const Calendar = screen(load.calendar);
const Diary = screen(load.diary);
const DiaryEntry = screen(load.diaryEntry);
const Mood = screen(load.mood);
const Insights = screen(load.insights);

const PRELOADS: readonly (readonly [string, () => Promise<unknown>])[] = [
  ['/', load.landing],
  ['/auth', load.auth],
  ['/login', load.auth],
  ['/auth/reset-password', load.resetPassword],
  ['/app', load.dashboard],
  ['/profile', load.profile],
  ['/mood/entry/:date?', load.moodEntry],
  ['/settings/*', load.settings],
  ['/support', load.support],
  ['/faq', load.faq],
  ['/privacy', load.privacy],
  ['/terms', load.terms],
  ['/onboarding', load.onboarding],
  ['/subscription', load.subscription],
  ['/notes', load.notes],
  ['/notes/trash', load.notesTrash],
  // An open note or diary entry shows beside its list: both chunks.
  ['/notes/:id', () => Promise.all([load.notes(), load.note()])],
  ['/calendar', load.calendar],
  ['/diary', load.diary],
  ['/diary/:id', () => Promise.all([load.diary(), load.diaryEntry()])],
  ['/mood', load.mood],
  ['/insights', load.insights],
];

/**
 * Starts fetching the first screen's chunk while translations load, instead of after the first render:
 * it removes one round trip from every cold start. The screen is the one the layout's guard will show
 * (access-rule.ts): a visitor's link to a private screen fetches the sign-in screen, never the private
 * one. A failure here is harmless; the render retries.
 */
export function preloadScreen(pathname: string, signedIn: boolean): void {
  const decision = decideAccess(pathname, { loading: false, signedIn }, undefined);
  // Without a `from`, a redirect's target is a bare path (returnTarget).
  const shown = decision.kind === 'redirect' ? decision.to : pathname;
  const hit = PRELOADS.find(([pattern]) => matchPath({ path: pattern, end: true }, shown));
  void (hit?.[1] ?? load.notFound)().catch(() => undefined);
}

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
        {/* The list stays mounted beside the open note or diary entry (list-detail.tsx, ADR 0147). */}
        <Route path="/notes" element={<Notes />}>
          <Route path=":id" element={<Note />} />
        </Route>
        <Route path="/notes/trash" element={<NotesTrash />} />
        <Route path="/calendar" element={<Calendar />} />
        <Route path="/diary" element={<Diary />}>
          <Route path=":id" element={<DiaryEntry />} />
        </Route>
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
