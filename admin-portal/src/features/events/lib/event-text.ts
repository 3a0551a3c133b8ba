/** Admin event list filters and the EventWhen each one asks the API for (the admin reading: by date only, later is upcoming, today active, earlier past). */
export const eventFilters = ['all', 'active', 'upcoming', 'past'] as const;
export type EventFilterValue = (typeof eventFilters)[number];

export const eventWhenOf = {
  all: 'ALL',
  active: 'ACTIVE',
  upcoming: 'FUTURE',
  past: 'PAST',
} as const satisfies Record<EventFilterValue, string>;

export function parseEventFilter(value: string | null | undefined): EventFilterValue {
  return (eventFilters as readonly string[]).includes(value ?? '') ? (value as EventFilterValue) : 'all';
}
