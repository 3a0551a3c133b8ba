// The one typed route table. Components build links from here, never by string concatenation.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  registration: { path: '/registration', getHref: () => '/registration' },
  events: { path: '/events', getHref: () => '/events' },
  event: { path: '/events/:id', getHref: (id: string) => `/events/${encodeURIComponent(id)}` },
  about: { path: '/about', getHref: () => '/about' },
  teams: { path: '/teams', getHref: () => '/teams' },
  contact: { path: '/contact', getHref: () => '/contact' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  verifyOtp: { path: '/verify-otp', getHref: () => '/verify-otp' },
  profile: { path: '/profile', getHref: () => '/profile' },
  /** Account settings: the profile page opened in edit mode. */
  settings: { path: '/settings', getHref: () => '/settings' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  addStudent: { path: '/add-student', getHref: () => '/add-student' },
  logout: { path: '/logout', getHref: () => '/logout' },
  /** The stop link of a reminder mail (the API builds it with the token; the page acts only on its button). */
  stopReminders: {
    path: '/reminders/stop',
    getHref: (token?: string) => (token ? `/reminders/stop?token=${encodeURIComponent(token)}` : '/reminders/stop'),
  },
  /** The stop link of a news mail (the API builds it with the token; the page acts only on its button). */
  stopNews: {
    path: '/news/stop',
    getHref: (token?: string) => (token ? `/news/stop?token=${encodeURIComponent(token)}` : '/news/stop'),
  },
  /** The signed-in person's registrations, waiting-list places and certificates. */
  myEvents: { path: '/my-events', getHref: () => '/my-events' },
  /** The form behind the link of a feedback mail (the token says which event and whose answers). */
  feedback: { path: '/feedback/:token', getHref: (token: string) => `/feedback/${encodeURIComponent(token)}` },
  /** The same form for a signed-in attendee (My events). */
  myFeedback: { path: '/my-events/:id/feedback', getHref: (id: string) => `/my-events/${encodeURIComponent(id)}/feedback` },
  /** The public check of a certificate (the link printed on it). */
  certificate: { path: '/certificates/:code', getHref: (code: string) => `/certificates/${encodeURIComponent(code)}` },
} as const;

export type PathName = keyof typeof paths;

/** REST downloads of the API on this origin (not pages of the site). */
export const apiPaths = {
  /** The event as an iCalendar file (Add to calendar), its text in the page's language (a plain link sends no Accept-Language of ours). */
  eventIcs: (id: string, lang: string = 'en') => `/api/events/${encodeURIComponent(id)}/ics${lang === 'en' ? '' : `?lang=${lang}`}`,
} as const;
