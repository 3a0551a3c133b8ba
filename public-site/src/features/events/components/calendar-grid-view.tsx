import { useRef } from 'react';
import { useTranslation } from '@/i18n/translator';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';
import { formatEventDate, formatMonthYear, weekdayNames, formatNumber } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import type { Week } from '../lib/calendar-grid';

interface Props {
  year: number;
  month: number;
  weeks: Week[];
  /** Days are buttons (the all view) or plain cells. */
  selectable: boolean;
  selectedDate: string | null;
  onSelectDay: (date: string) => void;
}

export function CalendarGridView({ year, month, weeks, selectable, selectedDate, onSelectDay }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const short = weekdayNames(locale, 'short');
  const long = weekdayNames(locale, 'long');

  const table = useRef<HTMLTableElement>(null);
  useEarlyPresses(table);
  return (
    <table ref={table} className="calendar" aria-label={t('calendar.gridLabel', { month: formatMonthYear(year, month, locale) })}>
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={name} scope="col" abbr={long[i]}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((cell, d) => {
              if (!cell) return <td key={d} className="calendar__blank" />;
              const label =
                cell.count > 0
                  ? t('calendar.dayEvents', { date: formatEventDate(cell.date, locale, 'long'), count: cell.count })
                  : t('calendar.dayNoEvents', { date: formatEventDate(cell.date, locale, 'long') });
              const classes = [
                'calendar__day',
                cell.count > 0 ? 'calendar__day--has-events' : '',
                cell.isToday ? 'calendar__day--today' : '',
                selectedDate === cell.date ? 'calendar__day--selected' : '',
              ]
                .filter(Boolean)
                .join(' ');
              const content = (
                <>
                  <span className="calendar__number" aria-hidden="true">
                    {formatNumber(cell.day, locale)}
                  </span>
                  {cell.count > 0 ? (
                    <span className="calendar__badge" aria-hidden="true" data-testid={`count-${cell.date}`}>
                      {formatNumber(cell.count, locale)}
                    </span>
                  ) : null}
                </>
              );
              return (
                <td key={d} data-date={cell.date} aria-current={cell.isToday ? 'date' : undefined}>
                  {selectable ? (
                    <button
                      type="button"
                      className={classes}
                      aria-label={label}
                      aria-pressed={selectedDate === cell.date}
                      onClick={() => onSelectDay(cell.date)}
                      {...earlyPress(`day:${cell.date}`)}
                    >
                      {content}
                    </button>
                  ) : (
                    <div className={classes} role="img" aria-label={label}>
                      {content}
                    </div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
