/** The sections of the REST reference, in the order the reference page lists them. */
export const ROUTE_TAGS = {
  Events: 'Published events: the lists, one event, its calendar file.',
  Registration: "Registering for an event and leaving it, with the caller's own token.",
  'Waiting list': 'Joining and leaving a full event\'s waiting list, and taking up a place it offers.',
  Accounts: 'Registration, one-time codes and sign-in of people (students, graduates, teachers).',
  Profile: "The signed-in person's own account.",
  'Teacher area': "An approved teacher's students: adding them, listing them, approving them.",
  Site: 'Small public calls of the site: the visitor counter, the team, the contact form.',
  Certificates: 'Certificates of attendance: issuing, listing, downloading, revoking and the public check of a code.',
  Reminders: "Reminder mails: the mails' stop link, sending reminders now, cancelling an event.",
  'Admin: sign-in': 'The admin portal: signing in, who am I, registering another admin.',
  'Admin: events': 'Creating, editing and deleting events; their registrations.',
  'Admin: check-in': 'The door page: checking people in and undoing it.',
  'Admin: users': 'Every account: lists, one account, creating, editing, deleting.',
  'Admin: statistics': 'The counts of the admin dashboard.',
  'Admin: team': 'The team members shown on the site.',
  'Admin: contact': 'Messages sent with the contact form.',
  'Admin: uploads': 'Images for GraphQL clients: upload first, then pass the image key.',
  'Admin: audit, exports, jobs': 'The audit log, CSV exports and the background jobs.',
  Reference: 'This reference itself.',
} as const;

export type RouteTag = keyof typeof ROUTE_TAGS;
