/** Every route of product spec §2 and who may see it. The router and the guard both read this table. */
export const paths = {
  landing: '/',
  auth: '/auth',
  login: '/login',
  resetPassword: '/auth/reset-password',
  dashboard: '/app',
  onboarding: '/onboarding',
  subscription: '/subscription',
  profile: '/profile',
  notes: '/notes',
  notesTrash: '/notes/trash',
  note: '/notes/:id',
  calendar: '/calendar',
  diary: '/diary',
  diaryEntry: '/diary/:id',
  mood: '/mood',
  insights: '/insights',
  moodEntry: '/mood/entry/:date?',
  settings: '/settings/*',
  support: '/support',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  notFound: '/404',
} as const;

/** Visitors are sent to /auth from these, with the requested location kept. */
export const PRIVATE_PATTERNS: readonly string[] = [
  paths.dashboard,
  paths.profile,
  paths.notes,
  paths.notesTrash,
  paths.note,
  paths.calendar,
  paths.diary,
  paths.diaryEntry,
  paths.mood,
  paths.insights,
  paths.moodEntry,
  paths.settings,
];

/** A signed-in user is sent on from these: to the location they first asked for, else /app. */
export const GUEST_ONLY_PATTERNS: readonly string[] = [paths.landing, paths.auth, paths.login];
