// The one typed route table. Components build links from here, never by string concatenation.
import type { UserCategoryValue } from '@/features/users/lib/categories';

const enc = encodeURIComponent;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/admin/login', getHref: () => '/admin/login' },
  admin: { path: '/admin', getHref: () => '/admin' },
  dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  users: {
    path: '/admin/users',
    getHref: (category?: UserCategoryValue) => (category ? `/admin/users?category=${enc(category)}` : '/admin/users'),
  },
  userNew: { path: '/admin/users/new', getHref: () => '/admin/users/new' },
  userEdit: { path: '/admin/users/edit/:id', getHref: (id: string) => `/admin/users/edit/${enc(id)}` },
  students: { path: '/admin/students', getHref: () => '/admin/students' },
  teachers: { path: '/admin/teachers', getHref: () => '/admin/teachers' },
  events: { path: '/admin/events', getHref: () => '/admin/events' },
  eventNew: { path: '/admin/events/new', getHref: () => '/admin/events/new' },
  eventEdit: { path: '/admin/events/edit/:id', getHref: (id: string) => `/admin/events/edit/${enc(id)}` },
  eventView: { path: '/admin/events/view/:id', getHref: (id: string) => `/admin/events/view/${enc(id)}` },
  eventCheckIn: { path: '/admin/events/:id/check-in', getHref: (id: string) => `/admin/events/${enc(id)}/check-in` },
  team: { path: '/admin/team', getHref: () => '/admin/team' },
  contacts: { path: '/admin/contacts', getHref: () => '/admin/contacts' },
  contact: { path: '/admin/contacts/:id', getHref: (id: string) => `/admin/contacts/${enc(id)}` },
  audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  jobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  apiKeys: { path: '/admin/integrations/api-keys', getHref: () => '/admin/integrations/api-keys' },
  webhooks: { path: '/admin/integrations/webhooks', getHref: () => '/admin/integrations/webhooks' },
  messages: { path: '/admin/messages', getHref: () => '/admin/messages' },
  messageNew: { path: '/admin/messages/new', getHref: () => '/admin/messages/new' },
  message: { path: '/admin/messages/:id', getHref: (id: string) => `/admin/messages/${enc(id)}` },
  impactReport: { path: '/admin/reports/impact', getHref: () => '/admin/reports/impact' },
  webhookDeliveries: { path: '/admin/integrations/webhooks/:id/deliveries', getHref: (id: string) => `/admin/integrations/webhooks/${enc(id)}/deliveries` },
} as const;

export type PathName = keyof typeof paths;
