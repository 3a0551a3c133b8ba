import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { AdminEventDocument, CheckInDocument, EventRegistrantsDocument, UndoCheckInDocument, type UserCategory } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError, errorCode, serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/ui/page-header';
import { categoryOneLabel } from '@/features/users/lib/categories';
import { parseCode } from '../lib/code';
import { enqueue, readQueue, removeFromQueue, type QueuedCheckIn } from '../lib/queue';
import { QrScanner } from './qr-scanner';
import { SessionPicker } from './session-picker';
import { defaultSessionId } from '../lib/sessions';
import '../check-in.css';

const t = en.checkIn;
/** While check-ins wait to be sent, try again this often (the `online` event may never come). */
export const RETRY_MS = 20_000;

type Outcome =
  | { kind: 'checkedIn' | 'already'; userId: string; name: string; category: UserCategory; checkedInAt: string | null }
  | { kind: 'undone'; name: string }
  | { kind: 'queued'; label: string }
  | { kind: 'otherEvent' | 'void' | 'closed' | 'error'; message: string };

interface Attempt {
  code?: string;
  userId?: string;
  label: string;
}

/** No answer from the server (offline, timeout, proxy down): worth queueing. A GraphQL or 4xx answer is not. */
function isNetworkFailure(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return error.statusCode >= 500;
  return true;
}

function rejection(error: unknown): Outcome {
  const code = errorCode(error);
  const message = serverMessage(error);
  if (code === 'NOT_FOUND') return { kind: 'void', message: message ?? t.resultVoidDetail };
  if (code === 'CHECKIN_OTHER_EVENT') return { kind: 'otherEvent', message: message ?? t.resultError };
  if (code === 'ATTENDANCE_CLOSED' || code === 'EVENT_CANCELLED') return { kind: 'closed', message: message ?? t.resultError };
  return { kind: 'error', message: describeError(error, t.resultError) };
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

function ResultCard({ outcome, onUndo, undoing }: { outcome: Outcome | null; onUndo: (userId: string, name: string) => void; undoing: boolean }) {
  if (!outcome) return <div className="check-in-result" role="status" aria-live="polite" />;
  let tone = 'error';
  let heading: string = t.resultError;
  let detail: string | null = null;
  let person: { name: string; category: UserCategory; userId: string } | null = null;
  switch (outcome.kind) {
    case 'checkedIn':
      tone = 'success';
      heading = t.resultCheckedIn;
      person = outcome;
      break;
    case 'already':
      tone = 'warning';
      heading = t.resultAlready;
      detail = outcome.checkedInAt ? t.resultAlreadyAt(formatDateTime(outcome.checkedInAt)) : null;
      person = outcome;
      break;
    case 'undone':
      tone = 'info';
      heading = t.resultUndone;
      detail = outcome.name;
      break;
    case 'queued':
      tone = 'info';
      heading = t.resultQueued;
      detail = t.resultQueuedDetail(outcome.label);
      break;
    case 'otherEvent':
      heading = t.resultOtherEvent;
      detail = outcome.message;
      break;
    case 'void':
      heading = t.resultVoid;
      detail = outcome.message;
      break;
    case 'closed':
      heading = t.resultClosed;
      detail = outcome.message;
      break;
    case 'error':
      detail = outcome.message;
      break;
  }
  return (
    <div className={`check-in-result check-in-result-${tone}`} role="status" aria-live="polite" data-testid="check-in-result">
      <p className="check-in-result-heading">{heading}</p>
      {person && (
        <>
          <p className="check-in-name">{person.name}</p>
          <p className="check-in-category">{categoryOneLabel(person.category)}</p>
        </>
      )}
      {detail && <p className="check-in-detail">{detail}</p>}
      {person && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onUndo(person.userId, person.name)}
          disabled={undoing}
          aria-label={t.undoPerson(person.name)}
        >
          {t.undo}
        </button>
      )}
    </div>
  );
}

function RegistrantSearch({
  eventId,
  sessionId,
  overrides,
  busy,
  onCheckIn,
  onUndo,
}: {
  eventId: string;
  /** Several sessions: whether each person came to this one. */
  sessionId?: string;
  overrides: Record<string, string | null>;
  busy: boolean;
  onCheckIn: (userId: string, name: string) => void;
  onUndo: (userId: string, name: string) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const skip = search.length < 2;
  const { data, loading, error, refetch } = useQuery(EventRegistrantsDocument, {
    variables: { eventId, search },
    skip,
    fetchPolicy: 'network-only',
  });
  const list = skip ? undefined : data?.eventRegistrants;

  return (
    <section className="card check-in-card" aria-labelledby="registrant-search-title">
      <h3 id="registrant-search-title" className="card-title">
        {t.searchTitle}
      </h3>
      <label htmlFor="registrant-search" className="visually-hidden">
        {t.searchLabel}
      </label>
      <input
        id="registrant-search"
        type="search"
        className="check-in-search"
        value={text}
        placeholder={t.searchPlaceholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {skip ? (
        <p className="muted small">{t.searchHint}</p>
      ) : (
        <ListState data={list} loading={loading} error={error} onRetry={() => void refetch()} empty={t.searchEmpty}>
          {(list) => (
            <ul className="plain-list check-in-people">
              {list.map((p) => {
                const key = overrideKey(p.userId, sessionId);
                const here = !sessionId || p.attendedSessionIds.includes(sessionId) ? p.checkedInAt : null;
                const checkedInAt = key in overrides ? overrides[key] : here;
                return (
                  <li key={p.userId} className="plain-list-item">
                    <div>
                      <span className="strong">{p.name}</span>
                      <div className="muted small">
                        {p.email} · {categoryOneLabel(p.category)}
                      </div>
                      {checkedInAt && <div className="small">{t.checkedInAtShort(formatDateTime(checkedInAt))}</div>}
                    </div>
                    {checkedInAt ? (
                      <button type="button" className="btn btn-secondary" onClick={() => onUndo(p.userId, p.name)} disabled={busy} aria-label={t.undoPerson(p.name)}>
                        {t.undo}
                      </button>
                    ) : (
                      <button type="button" className="btn btn-primary check-in-tick" onClick={() => onCheckIn(p.userId, p.name)} disabled={busy} aria-label={t.checkInPerson(p.name)}>
                        <span aria-hidden="true">✓</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </ListState>
      )}
    </section>
  );
}

/** The page's own record of a check-in or undo: per person, and per session when there are several. */
const overrideKey = (userId: string, sessionId?: string) => (sessionId ? `${sessionId}:${userId}` : userId);

export function CheckInPage() {
  useDocumentTitle(t.title);
  const { id: eventId = '' } = useParams();
  const { data: eventData } = useQuery(AdminEventDocument, { variables: { id: eventId }, fetchPolicy: 'cache-first' });
  const [checkIn, { loading: checkingIn }] = useMutation(CheckInDocument);
  const [undoCheckIn, { loading: undoing }] = useMutation(UndoCheckInDocument);

  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const [online, setOnline] = useState(isOnline);
  const [queue, setQueue] = useState<QueuedCheckIn[]>(() => readQueue());
  const [synced, setSynced] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [syncing, setSyncing] = useState(false);
  /** Check-ins and undos made here, over what the search last loaded. */
  const [overrides, setOverrides] = useState<Record<string, string | null>>({});
  const syncingRef = useRef(false);
  // Several sessions: the one checked in for, by default the one running or next today.
  const sessions = eventData?.event.sessions ?? [];
  const [pickedSession, setPickedSession] = useState<string | undefined>();
  const sessionId = sessions.length > 1 ? (pickedSession ?? defaultSessionId(sessions, new Date())) : undefined;

  const queueAttempt = useCallback(
    (attempt: Attempt, scannedAt: string) => {
      setQueue(enqueue({ eventId, code: attempt.code, userId: attempt.userId, label: attempt.label, scannedAt, ...(sessionId ? { sessionId } : {}) }));
      setOutcome({ kind: 'queued', label: attempt.label });
    },
    [eventId, sessionId],
  );

  const sync = useCallback(async () => {
    if (syncingRef.current || !isOnline()) return;
    const pending = readQueue();
    if (pending.length === 0) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      for (const entry of pending) {
        try {
          const res = await checkIn({ variables: { eventId: entry.eventId, code: entry.code, userId: entry.userId, scannedAt: entry.scannedAt, ...(entry.sessionId ? { sessionId: entry.sessionId } : {}) } });
          const r = res.data?.checkIn;
          removeFromQueue(entry.id);
          // alreadyCheckedIn: sent before (or scanned at another door) — the first time stands; it counts as synced.
          if (r && entry.eventId === eventId) {
            setSynced((list) => [`${r.name} · ${formatDateTime(r.checkedInAt ?? entry.scannedAt)}`, ...list].slice(0, 20));
            setOverrides((o) => ({ ...o, [overrideKey(r.userId, entry.sessionId)]: r.checkedInAt ?? entry.scannedAt }));
          }
        } catch (err) {
          if (isNetworkFailure(err)) break;
          removeFromQueue(entry.id);
          if (entry.eventId === eventId) setProblems((list) => [...list, t.syncProblem(entry.label, describeError(err, t.resultError))]);
        }
      }
    } finally {
      syncingRef.current = false;
      setSyncing(false);
      setQueue(readQueue());
    }
  }, [checkIn, eventId]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    void sync();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [sync]);

  const hasQueue = queue.length > 0;
  useEffect(() => {
    if (!hasQueue) return;
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => clearInterval(timer);
  }, [hasQueue, sync]);

  const attempt = useCallback(
    async (a: Attempt) => {
      const scannedAt = new Date().toISOString();
      if (!isOnline()) {
        queueAttempt(a, scannedAt);
        return true;
      }
      try {
        const res = await checkIn({ variables: { eventId, code: a.code, userId: a.userId, scannedAt, ...(sessionId ? { sessionId } : {}) } });
        const r = res.data?.checkIn;
        if (!r) throw new Error('no data');
        setOverrides((o) => ({ ...o, [overrideKey(r.userId, sessionId)]: r.checkedInAt ?? scannedAt }));
        setOutcome({ kind: r.alreadyCheckedIn ? 'already' : 'checkedIn', userId: r.userId, name: r.name, category: r.category, checkedInAt: r.checkedInAt ?? null });
        return true;
      } catch (err) {
        if (isNetworkFailure(err)) {
          setOnline(isOnline());
          queueAttempt(a, scannedAt);
          return true;
        }
        setOutcome(rejection(err));
        return false;
      }
    },
    [checkIn, eventId, queueAttempt, sessionId],
  );

  const onSubmitCode = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCode(code);
    if (!parsed) {
      setCodeError(t.badCode);
      return;
    }
    setCodeError(null);
    if (await attempt({ code: parsed, label: parsed })) setCode('');
  };

  const onScanned = useCallback(
    (text: string) => {
      const parsed = parseCode(text);
      if (!parsed) {
        setOutcome({ kind: 'void', message: t.badCode });
        return;
      }
      void attempt({ code: parsed, label: parsed.length === 26 ? `${parsed.slice(0, 4)}…` : parsed });
    },
    [attempt],
  );

  const onUndo = async (userId: string, name: string) => {
    try {
      await undoCheckIn({ variables: { eventId, userId, ...(sessionId ? { sessionId } : {}) } });
      setOverrides((o) => ({ ...o, [overrideKey(userId, sessionId)]: null }));
      setOutcome({ kind: 'undone', name });
    } catch (err) {
      setOutcome({ kind: 'error', message: describeError(err, t.undoFailed) });
    }
  };

  const event = eventData?.event;
  const mine = queue.filter((q) => q.eventId === eventId);

  return (
    <div className="stack check-in">
      <PageHeader
        title={t.title}
        actions={
          <Link to={paths.eventView.getHref(eventId)} className="btn btn-secondary">
            {t.back}
          </Link>
        }
      >
        {event && <p className="muted">{event.title}</p>}
      </PageHeader>

      {!online && (
        <p className="alert alert-info" role="status">
          {t.offline}
        </p>
      )}

      <SessionPicker sessions={sessions} value={sessionId} onChange={setPickedSession} />

      <ResultCard outcome={outcome} onUndo={(userId, name) => void onUndo(userId, name)} undoing={undoing} />

      <section className="card check-in-card" aria-label={t.codeLabel}>
        <form onSubmit={(e) => void onSubmitCode(e)} noValidate>
          <label htmlFor="check-in-code" className="check-in-label">
            {t.codeLabel}
          </label>
          <input
            id="check-in-code"
            className="check-in-code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            placeholder="XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'check-in-code-error' : 'check-in-code-hint'}
          />
          {codeError ? (
            <p id="check-in-code-error" className="field-error" role="alert">
              {codeError}
            </p>
          ) : (
            <p id="check-in-code-hint" className="field-hint">
              {t.codeHint}
            </p>
          )}
          <button type="submit" className="btn btn-primary check-in-submit" disabled={checkingIn} aria-busy={checkingIn}>
            {checkingIn ? t.submitting : t.submit}
          </button>
        </form>
        <button type="button" className="btn btn-secondary check-in-submit" onClick={() => setScanning((s) => !s)} aria-pressed={scanning}>
          {scanning ? t.stopScan : t.scan}
        </button>
        {scanning && <QrScanner onCode={onScanned} />}
      </section>

      <RegistrantSearch
        eventId={eventId}
        sessionId={sessionId}
        overrides={overrides}
        busy={checkingIn || undoing}
        onCheckIn={(userId, name) => void attempt({ userId, label: name })}
        onUndo={(userId, name) => void onUndo(userId, name)}
      />

      {(mine.length > 0 || synced.length > 0 || problems.length > 0) && (
        <section className="card check-in-card" aria-labelledby="waiting-title">
          <div className="card-header">
            <h3 id="waiting-title" className="card-title">
              {t.waitingTitle} <span className="muted">({t.waitingCount(mine.length)})</span>
            </h3>
            {mine.length > 0 && (
              <button type="button" className="btn btn-small btn-secondary" onClick={() => void sync()} disabled={syncing || !online} aria-busy={syncing}>
                {syncing ? t.syncing : t.syncNow}
              </button>
            )}
          </div>
          {mine.length > 0 && (
            <ul className="plain-list" aria-label={t.waitingTitle}>
              {mine.map((q) => (
                <li key={q.id} className="plain-list-item">
                  <span className="strong">{q.label}</span>
                  <span className="muted small">{t.scannedAt(formatDateTime(q.scannedAt))}</span>
                </li>
              ))}
            </ul>
          )}
          {problems.length > 0 && (
            <ul className="plain-list" role="alert">
              {problems.map((p, i) => (
                <li key={i} className="plain-list-item alert-error">
                  {p}
                </li>
              ))}
            </ul>
          )}
          {synced.length > 0 && (
            <>
              <h4 className="small">{t.syncedTitle}</h4>
              <ul className="plain-list" aria-label={t.syncedTitle}>
                {synced.map((s, i) => (
                  <li key={i} className="plain-list-item small">
                    {s}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}

export default CheckInPage;
