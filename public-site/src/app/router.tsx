import { BrowserRouter, matchRoutes, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from '@/components/layout/root-layout';
import { lazyPart, type LazyPart } from '@/rendering/lazy-part';
import type { RoutePageData } from '@/rendering/page-data';

// What the pages drawn with their data ask the API (app/page-data.ts): loaded only by the server
// renderer (entry-server's loadPageData), never by the browser, whose pages make the same requests.
const pageData = (name: 'home' | 'events' | 'event' | 'team') => () => import('./page-data').then((m) => m[name]);

// Every page is its own chunk: a visitor downloads only what the page needs. The declarative
// router (not the data router) keeps the initial bundle small; the site has no loaders/actions.
// Pages that query through Apollo as they render say so (data: 'now'): the data layer loads with them.
const HomeRoute = lazyPart(() => import('./routes/home'));
const RegistrationRoute = lazyPart(() => import('./routes/registration'), { data: 'now' });
const EventsRoute = lazyPart(() => import('./routes/events'));
// Pages with data (pageData below) drawn by the site server hydrate from it; they ask the API (and
// fetch the data layer) only when they were not (rendering/use-page-query.ts).
const EventDetailRoute = lazyPart(() => import('./routes/event-detail'));
const AboutRoute = lazyPart(() => import('./routes/about'));
const TeamsRoute = lazyPart(() => import('./routes/teams'));
// The contact form only writes: it takes the data layer when sent (useDataMutation), not to be drawn.
const ContactRoute = lazyPart(() => import('./routes/contact'));
const NotFoundRoute = lazyPart(() => import('./routes/not-found'));
// Accounts and the teacher area.
// Signing in and up only write: their forms take the data layer when sent (useDataMutation).
const LoginRoute = lazyPart(() => import('@/features/accounts/components/login-page'));
const RegisterRoute = lazyPart(() => import('@/features/accounts/components/register-page'));
const VerifyOtpRoute = lazyPart(() => import('@/features/accounts/components/verify-otp-page'), { data: 'now' });
const ProfileRoute = lazyPart(() => import('@/features/accounts/components/profile-page'), { data: 'now' });
const DashboardRoute = lazyPart(() => import('@/features/accounts/components/dashboard-page'), { data: 'now' });
const SettingsRoute = lazyPart(() => import('./routes/settings'), { data: 'now' });
const AddStudentRoute = lazyPart(() => import('@/features/teachers/components/add-student-page'), { data: 'now' });
const LogoutRoute = lazyPart(() => import('@/features/accounts/components/logout-page'), { data: 'now' });
const StopRemindersRoute = lazyPart(() => import('@/features/accounts/components/stop-reminders-page'), { data: 'now' });
const StopNewsRoute = lazyPart(() => import('@/features/accounts/components/stop-news-page'), { data: 'now' });
const MyEventsRoute = lazyPart(() => import('@/features/events/components/my-events-page'), { data: 'now' });
const FeedbackRoute = lazyPart(() => import('@/features/feedback/components/feedback-page'), { data: 'now' });
const MyFeedbackRoute = lazyPart(() => import('@/features/feedback/components/my-feedback-page'), { data: 'now' });
const CertificateRoute = lazyPart(() => import('@/features/certificates/components/certificate-verification-page'), { data: 'now' });

export interface AppRoute {
  path: string;
  Component: LazyPart<object>;
  /** Catalogue key of the document title; absent when the page sets its own title. */
  titleKey?: string;
  /**
   * Built as HTML by scripts/prerender.mjs (signed out, English and Hindi, data loading): only pages a
   * signed-out visitor sees as such, never one that depends on who is signed in.
   */
  prerender?: true;
  /** The page's data: drawn with it by the site server, hydrated from it (rendering/page-data.ts). */
  pageData?: () => Promise<RoutePageData>;
  /**
   * The page's form works before and without script: the browser POSTs it to the page's own URL and the
   * site server answers with the page at its next step (entry-server.tsx handleForm, which runs the
   * action of this name).
   */
  form?: 'login' | 'signup' | 'contact';
}

export const appRoutes: AppRoute[] = [
  { path: paths.home.path, Component: HomeRoute, titleKey: 'titles.home', prerender: true, pageData: pageData('home') },
  { path: paths.registration.path, Component: RegistrationRoute, titleKey: 'titles.registration', prerender: true },
  { path: paths.events.path, Component: EventsRoute, titleKey: 'titles.events', prerender: true, pageData: pageData('events') },
  { path: paths.event.path, Component: EventDetailRoute, prerender: true, pageData: pageData('event') },
  { path: paths.about.path, Component: AboutRoute, titleKey: 'titles.about', prerender: true },
  { path: paths.teams.path, Component: TeamsRoute, titleKey: 'titles.teams', prerender: true, pageData: pageData('team') },
  { path: paths.contact.path, Component: ContactRoute, titleKey: 'titles.contact', prerender: true, form: 'contact' },
  { path: paths.login.path, Component: LoginRoute, titleKey: 'titles.login', prerender: true, form: 'login' },
  { path: paths.register.path, Component: RegisterRoute, titleKey: 'titles.register', prerender: true, form: 'signup' },
  { path: paths.verifyOtp.path, Component: VerifyOtpRoute, titleKey: 'titles.verifyOtp', prerender: true },
  { path: paths.profile.path, Component: ProfileRoute, titleKey: 'titles.profile' },
  { path: paths.settings.path, Component: SettingsRoute, titleKey: 'titles.settings' },
  { path: paths.dashboard.path, Component: DashboardRoute, titleKey: 'titles.dashboard' },
  { path: paths.addStudent.path, Component: AddStudentRoute, titleKey: 'titles.addStudent', prerender: true },
  { path: paths.logout.path, Component: LogoutRoute, titleKey: 'titles.logout' },
  // Not prerendered: what it shows depends on the link's token.
  { path: paths.stopReminders.path, Component: StopRemindersRoute, titleKey: 'titles.stopReminders' },
  { path: paths.stopNews.path, Component: StopNewsRoute, titleKey: 'titles.stopNews' },
  { path: paths.myEvents.path, Component: MyEventsRoute, titleKey: 'titles.myEvents' },
  // Not prerendered: the feedback form depends on the link's token, or on who is signed in.
  { path: paths.feedback.path, Component: FeedbackRoute, titleKey: 'titles.feedback' },
  { path: paths.myFeedback.path, Component: MyFeedbackRoute, titleKey: 'titles.feedback' },
  // Not prerendered: what it shows depends on the certificate code.
  { path: paths.certificate.path, Component: CertificateRoute, titleKey: 'titles.certificate' },
  { path: '*', Component: NotFoundRoute, titleKey: 'titles.notFound' },
];

/** Loads the chunk of the page at `pathname`, so that the first render shows it at once. */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(appRoutes, pathname)?.at(-1)?.route as AppRoute | undefined;
  return match ? match.Component.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout routes={appRoutes} />}>
        {appRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
