import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from '@/components/layout/root-layout';

// Every page is its own chunk: a visitor downloads only what the page needs. The declarative
// router (not the data router) keeps the initial bundle small; the site has no loaders/actions.
const HomeRoute = lazy(() => import('./routes/home'));
const RegistrationRoute = lazy(() => import('./routes/registration'));
const EventsRoute = lazy(() => import('./routes/events'));
const EventDetailRoute = lazy(() => import('./routes/event-detail'));
const AboutRoute = lazy(() => import('./routes/about'));
const TeamsRoute = lazy(() => import('./routes/teams'));
const ContactRoute = lazy(() => import('./routes/contact'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
// Accounts and the teacher area.
const LoginRoute = lazy(() => import('@/features/accounts/components/login-page'));
const RegisterRoute = lazy(() => import('@/features/accounts/components/register-page'));
const VerifyOtpRoute = lazy(() => import('@/features/accounts/components/verify-otp-page'));
const ProfileRoute = lazy(() => import('@/features/accounts/components/profile-page'));
const DashboardRoute = lazy(() => import('@/features/accounts/components/dashboard-page'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const AddStudentRoute = lazy(() => import('@/features/teachers/components/add-student-page'));
const LogoutRoute = lazy(() => import('@/features/accounts/components/logout-page'));

export interface AppRoute {
  path: string;
  Component: ComponentType;
  /** Catalogue key of the document title; absent when the page sets its own title. */
  titleKey?: string;
}

export const appRoutes: AppRoute[] = [
  { path: paths.home.path, Component: HomeRoute, titleKey: 'titles.home' },
  { path: paths.registration.path, Component: RegistrationRoute, titleKey: 'titles.registration' },
  { path: paths.events.path, Component: EventsRoute, titleKey: 'titles.events' },
  { path: paths.event.path, Component: EventDetailRoute },
  { path: paths.about.path, Component: AboutRoute, titleKey: 'titles.about' },
  { path: paths.teams.path, Component: TeamsRoute, titleKey: 'titles.teams' },
  { path: paths.contact.path, Component: ContactRoute, titleKey: 'titles.contact' },
  { path: paths.login.path, Component: LoginRoute, titleKey: 'titles.login' },
  { path: paths.register.path, Component: RegisterRoute, titleKey: 'titles.register' },
  { path: paths.verifyOtp.path, Component: VerifyOtpRoute, titleKey: 'titles.verifyOtp' },
  { path: paths.profile.path, Component: ProfileRoute, titleKey: 'titles.profile' },
  { path: paths.settings.path, Component: SettingsRoute, titleKey: 'titles.settings' },
  { path: paths.dashboard.path, Component: DashboardRoute, titleKey: 'titles.dashboard' },
  { path: paths.addStudent.path, Component: AddStudentRoute, titleKey: 'titles.addStudent' },
  { path: paths.logout.path, Component: LogoutRoute, titleKey: 'titles.logout' },
  { path: '*', Component: NotFoundRoute, titleKey: 'titles.notFound' },
];

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
