import { en } from '@/i18n/en';
import { formatEventDate } from '@/lib/format';
import type { DoorSession } from '../lib/sessions';

const t = en.sessions;

/** The session the door checks in for (an event of several sessions; nothing for one). */
export function SessionPicker({ sessions, value, onChange }: { sessions: readonly (DoorSession & { title?: string | null })[]; value: string | undefined; onChange: (id: string) => void }) {
  if (sessions.length < 2) return null;
  return (
    <section className="card check-in-card" aria-label={t.picker}>
      <label htmlFor="check-in-session" className="check-in-label">
        {t.picker}
      </label>
      <select id="check-in-session" className="check-in-session" value={value ?? ''} onChange={(e) => onChange(e.target.value)} aria-describedby="check-in-session-hint">
        {sessions.map((s, i) => (
          <option key={s.id} value={s.id}>
            {`${t.session(i + 1)} · ${formatEventDate(s.date)} ${s.time}${s.endTime ? `–${s.endTime}` : ''}${s.title ? ` · ${s.title}` : ''}`}
          </option>
        ))}
      </select>
      <p id="check-in-session-hint" className="field-hint">
        {t.pickerHint}
      </p>
    </section>
  );
}
