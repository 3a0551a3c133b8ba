import { BrowserRouter, matchRoutes, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from '@/components/layout/root-layout';
import { lazyPage, type LazyPage } from './lazy-page';

// Every page is its own chunk: a visitor downloads only what the page needs. The declarative
// router (not the data router) keeps the initial bundle small; the site has no loaders/actions.
// Pages that render without the API say so (data: 'deferred'): the data layer is not fetched with them.
const HomeRoute = lazyPage(() => import('./routes/home'), { data: 'deferred' });
const RegistrationRoute = lazyPage(() => import('./routes/registration'));
const EventsRoute = lazyPage(() => import('./routes/events'));
// An event page drawn by the site server hydrates from its own data; it asks the API (and fetches the
// data layer) only when it was not (features/events/components/event-detail-page.tsx).
const EventDetailRoute = lazyPage(() => import('./routes/event-detail'), { data: 'deferred' });
const AboutRoute = lazyPage(() => import('./routes/about'), { data: 'deferred' });
const TeamsRoute = lazyPage(() => import('./routes/teams'));
// The contact form only writes: it takes the data layer when sent (useDataMutation), not to be drawn.
const ContactRoute = lazyPage(() => import('./routes/contact'), { data: 'deferred' });
const NotFoundRoute = lazyPage(() => import('./routes/not-found'), { data: 'deferred' });
// Accounts and the teacher area.
// Signing in and up only write: their forms take the data layer when sent (useDataMutation).
const LoginRoute = lazyPage(() => import('@/features/accounts/components/login-page'), { data: 'deferred' });
const RegisterRoute = lazyPage(() => import('@/features/accounts/components/register-page'), { data: 'deferred' });
const VerifyOtpRoute = lazyPage(() => import('@/features/accounts/components/verify-otp-page'));
const ProfileRoute = lazyPage(() => import('@/features/accounts/components/profile-page'));
const DashboardRoute = lazyPage(() => import('@/features/accounts/components/dashboard-page'));
const SettingsRoute = lazyPage(() => import('./routes/settings'));
const AddStudentRoute = lazyPage(() => import('@/features/teachers/components/add-student-page'));
const LogoutRoute = lazyPage(() => import('@/features/accounts/components/logout-page'));
const StopRemindersRoute = lazyPage(() => import('@/features/accounts/components/stop-reminders-page'));
const MyEventsRoute = lazyPage(() => import('@/features/events/components/my-events-page'));
const CertificateRoute = lazyPage(() => import('@/features/certificates/components/certificate-verification-page'));

export interface AppRoute {
  path: string;
  Component: LazyPage;
  /** Catalogue key of the document title; absent when the page sets its own title. */
  titleKey?: string;
  /**
   * Built as HTML by scripts/prerender.mjs (signed out, English and Hindi, data loading): only pages a
   * signed-out visitor sees as such, never one that depends on who is signed in.
   */
  prerender?: true;
  /**
   * The page's form works before and without script: the browser POSTs it to the page's own URL and the
   * site server answers with the page at its next step (entry-server.tsx handleForm, which runs the
   * action of this name).
   */
  form?: 'login' | 'signup';
}

export const appRoutes: AppRoute[] = [
  { path: paths.home.path, Component: HomeRoute, titleKey: 'titles.home', prerender: true },
  { path: paths.registration.path, Component: RegistrationRoute, titleKey: 'titles.registration', prerender: true },
  { path: paths.events.path, Component: EventsRoute, titleKey: 'titles.events', prerender: true },
  { path: paths.event.path, Component: EventDetailRoute, prerender: true },
  { path: paths.about.path, Component: AboutRoute, titleKey: 'titles.about', prerender: true },
  { path: paths.teams.path, Component: TeamsRoute, titleKey: 'titles.teams', prerender: true },
  { path: paths.contact.path, Component: ContactRoute, titleKey: 'titles.contact', prerender: true },
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
  { path: paths.myEvents.path, Component: MyEventsRoute, titleKey: 'titles.myEvents' },
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
