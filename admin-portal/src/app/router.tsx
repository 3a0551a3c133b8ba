import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { AdminLayout } from './layout/admin-layout';

// Every page is its own chunk: the sign-in page loads without the admin screens.
const LoginPage = lazy(() => import('@/features/auth/components/login-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page'));
const UsersPage = lazy(() => import('@/features/users/components/users-page'));
const UserFormPage = lazy(() => import('@/features/users/components/user-form-page'));
const StudentsApprovalPage = lazy(() => import('@/features/approvals/components/students-approval-page'));
const TeachersApprovalPage = lazy(() => import('@/features/approvals/components/teachers-approval-page'));
const EventsPage = lazy(() => import('@/features/events/components/events-page'));
const EventFormPage = lazy(() => import('@/features/events/components/event-form-page'));
const EventViewPage = lazy(() => import('@/features/events/components/event-view-page'));
const CheckInPage = lazy(() => import('@/features/check-in/components/check-in-page'));
const TeamPage = lazy(() => import('@/features/team/components/team-page'));
const ContactsPage = lazy(() => import('@/features/contacts/components/contacts-page'));
const ContactDetailPage = lazy(() => import('@/features/contacts/components/contact-detail-page'));
const AuditPage = lazy(() => import('@/features/audit/components/audit-page'));
const JobsPage = lazy(() => import('@/features/jobs/components/jobs-page'));
const ApiKeysPage = lazy(() => import('@/features/integrations/components/api-keys-page'));
const WebhooksPage = lazy(() => import('@/features/integrations/components/webhooks-page'));
const WebhookDeliveriesPage = lazy(() => import('@/features/integrations/components/webhook-deliveries-page'));
const MessagesPage = lazy(() => import('@/features/messages/components/messages-page'));
const ComposeMessagePage = lazy(() => import('@/features/messages/components/compose-message-page'));
const MessagePage = lazy(() => import('@/features/messages/components/message-page'));
// The impact report's chunk holds the chart library (visx): only that page loads it.
const ImpactReportPage = lazy(() => import('@/features/reports/components/impact-report-page'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  { path: paths.root.path, element: <Navigate to={paths.admin.getHref()} replace /> },
  { path: paths.login.path, Component: LoginPage },
  {
    path: paths.admin.path,
    Component: RequireAdmin,
    children: [
      {
        Component: AdminLayout,
        children: [
          { index: true, Component: DashboardPage },
          { path: paths.dashboard.path, Component: DashboardPage },
          { path: paths.users.path, Component: UsersPage },
          { path: paths.userNew.path, element: <UserFormPage mode="create" /> },
          { path: paths.userEdit.path, element: <UserFormPage mode="edit" /> },
          { path: paths.students.path, Component: StudentsApprovalPage },
          { path: paths.teachers.path, Component: TeachersApprovalPage },
          { path: paths.events.path, Component: EventsPage },
          { path: paths.eventNew.path, element: <EventFormPage mode="create" /> },
          { path: paths.eventEdit.path, element: <EventFormPage mode="edit" /> },
          { path: paths.eventView.path, Component: EventViewPage },
          { path: paths.eventCheckIn.path, Component: CheckInPage },
          { path: paths.team.path, Component: TeamPage },
          { path: paths.contacts.path, Component: ContactsPage },
          { path: paths.contact.path, Component: ContactDetailPage },
          { path: paths.audit.path, Component: AuditPage },
          { path: paths.jobs.path, Component: JobsPage },
          { path: paths.apiKeys.path, Component: ApiKeysPage },
          { path: paths.webhooks.path, Component: WebhooksPage },
          { path: paths.webhookDeliveries.path, Component: WebhookDeliveriesPage },
          { path: paths.messages.path, Component: MessagesPage },
          { path: paths.messageNew.path, Component: ComposeMessagePage },
          { path: paths.message.path, Component: MessagePage },
          { path: paths.impactReport.path, Component: ImpactReportPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.admin.getHref()} replace /> },
];

export const createRouter = () => createBrowserRouter(routes);
