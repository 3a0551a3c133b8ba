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
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  addStudent: { path: '/add-student', getHref: () => '/add-student' },
  logout: { path: '/logout', getHref: () => '/logout' },
} as const;

export type PathName = keyof typeof paths;
