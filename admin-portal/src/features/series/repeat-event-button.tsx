import { useState } from 'react';
import { en } from '@/i18n/en';
import { RepeatEventDialog } from './repeat-event-dialog';

/** The event page's "Repeat" control: opens the dialog; says how many dates it created. Not shown for a date already in a series. */
export function RepeatEventButton({ event, onDone }: { event: { id: string; date: string; seriesId?: string | null; cancelled: boolean }; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  if (event.seriesId || event.cancelled) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {en.series.repeat}
      </button>
      {open && (
        <RepeatEventDialog
          eventId={event.id}
          eventDate={event.date}
          onClose={() => setOpen(false)}
          onDone={(n) => {
            setOpen(false);
            onDone(en.series.created(n));
          }}
        />
      )}
    </>
  );
}
