import { useQuery } from '@apollo/client/react';
import { EventWaitlistDocument, type EventWaitlistQuery } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { formatDateTime } from '@/lib/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ListState } from '@/components/ui/list-state';

const t = en.events;
const c = t.waitlistColumns;

type Entry = EventWaitlistQuery['eventWaitlist'][number];

const tones: Record<string, BadgeTone> = { waiting: 'info', offered: 'warning', accepted: 'success', expired: 'neutral', declined: 'neutral', left: 'neutral', closed: 'neutral' };

/** 'Waiting', 'Offered until 3 May 2030, 10:00 am', 'Expired', … (an unknown status is shown as it came). */
export function waitlistStatusLabel(entry: Pick<Entry, 'status' | 'offeredUntil'>): string {
  if (entry.status === 'offered' && entry.offeredUntil) return t.waitlistOfferedUntil(formatDateTime(entry.offeredUntil));
  return t.waitlistStatus[entry.status] ?? entry.status;
}

/** The event's waiting list, as the admin sees it: everyone who joined, with where they stand. */
export function EventWaitlist({ eventId, waiting }: { eventId: string; waiting: number }) {
  const { data, loading, error, refetch } = useQuery(EventWaitlistDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const list = data?.eventWaitlist;

  return (
    <section className="card" aria-labelledby="waitlist-title">
      <div className="card-header">
        <h3 id="waitlist-title" className="card-title">
          {t.waitlistTitle} <span className="muted">({t.waitingCount(waiting)})</span>
        </h3>
      </div>
      <ListState data={list} loading={loading} error={error} onRetry={() => void refetch()} empty={t.waitlistEmpty}>
        {(list) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{c.position}</th>
                  <th scope="col">{c.name}</th>
                  <th scope="col">{c.email}</th>
                  <th scope="col">{c.status}</th>
                  <th scope="col">{c.joined}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label={c.position}>{entry.position ?? en.common.na}</td>
                    <td data-label={c.name} className="strong">
                      {entry.name}
                    </td>
                    <td data-label={c.email}>{entry.email}</td>
                    <td data-label={c.status}>
                      <Badge tone={tones[entry.status] ?? 'neutral'}>{waitlistStatusLabel(entry)}</Badge>
                    </td>
                    <td data-label={c.joined}>{formatDateTime(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}
