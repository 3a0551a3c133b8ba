import { useId, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { MessageEventChoicesDocument, type EventCategory } from '@/gql/graphql';
import { describeError } from '@/lib/errors';
import { formatEventDate } from '@/lib/format';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { messages } from '../strings';

const t = messages.compose;
const CATEGORIES: EventCategory[] = ['GENERAL', 'PRIMARY', 'SECONDARY', 'GRADUATE'];
/** Under the API's query cost limit; a category's year of events fits (narrow by dates or title past it). */
const LIMIT = 250;

interface Props {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * Choosing the events a message goes to: one by one, or all those of a category, a year and a date range
 * ("every attendee of a category this year"): filter, then "Select all shown". Chosen events stay chosen
 * when the filter changes.
 */
export function EventPicker({ selected, onChange, error }: Props) {
  const id = useId();
  const [category, setCategory] = useState<EventCategory | ''>('');
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const yearNumber = /^\d{4}$/.test(year) ? Number(year) : null;
  const { data, loading, error: loadError, refetch } = useQuery(MessageEventChoicesDocument, {
    variables: { filter: { category: category || null, year: yearNumber, search: search.trim() || null }, limit: LIMIT },
  });
  const shown = useMemo(
    () => (data?.events.items ?? []).filter((e) => (!from || e.date >= from) && (!to || e.date <= to)),
    [data, from, to],
  );
  const chosen = new Set(selected);
  const toggle = (eventId: string) => onChange(chosen.has(eventId) ? selected.filter((x) => x !== eventId) : [...selected, eventId]);
  const selectShown = () => onChange([...new Set([...selected, ...shown.map((e) => e.id)])]);

  return (
    <fieldset className="form-section" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>{t.events}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {t.eventsHint}
      </p>
      <div className="event-filters" role="group" aria-label={t.findEvents}>
        <div className="field">
          <label htmlFor={`${id}-category`}>{t.category}</label>
          <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value as EventCategory | '')}>
            <option value="">{t.anyCategory}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t.categories[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-year`}>{t.year}</label>
          <input id={`${id}-year`} type="number" inputMode="numeric" min={2000} max={2100} value={year} onChange={(e) => setYear(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t.from}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.to}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t.search}</label>
          <input id={`${id}-search`} type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-small btn-secondary" onClick={selectShown} disabled={!shown.length}>
          {t.selectShown}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => onChange([])} disabled={!selected.length}>
          {t.clearSelection}
        </button>
        <span aria-live="polite" className="muted">
          {t.selected(selected.length)}
        </span>
      </div>
      {loading && !data && <Loading />}
      {loadError && !data && <ErrorAlert message={describeError(loadError, t.eventsLoadFailed)} onRetry={() => void refetch()} />}
      {data && data.events.total > data.events.items.length && <p className="muted small">{t.more(data.events.items.length, data.events.total)}</p>}
      {data && (
        <div className="event-choices">
          {shown.length === 0 ? (
            <p className="muted">{t.noEvents}</p>
          ) : (
            <ul>
              {shown.map((e) => (
                <li key={e.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={chosen.has(e.id)} onChange={() => toggle(e.id)} />
                    {e.title} <span className="muted small">· {formatEventDate(e.date)} · {t.categories[e.category] ?? e.category}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
