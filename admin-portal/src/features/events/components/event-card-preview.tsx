import { useWatch, type Control } from 'react-hook-form';
import { en } from '@/i18n/en';
import { intlLocaleOf, localizeField, type ContentLanguage } from '@/lib/content-languages';
import { formatCardDate, formatEventTime } from '@/lib/format';
import { PreviewText } from '@/components/ui/preview-text';
import type { EventFormValues } from '../lib/event-rules';
import '../events.css';

interface Props {
  lang: ContentLanguage;
  control: Control<EventFormValues>;
  /** The chosen file's preview, or the event's current image; null for none. */
  imageUrl: string | null;
}

/**
 * The event's card on the public site in one language, drawn from the form as the admin types: each
 * Hindi field falls back to English on its own, as the API does for visitors.
 */
export function EventCardPreview({ lang, control, imageUrl }: Props) {
  const [title, titleHi, location, locationHi, speaker, speakerHi, date, time] = useWatch({
    control,
    name: ['title', 'titleHi', 'location', 'locationHi', 'speaker', 'speakerHi', 'date', 'time'],
  });
  const shown = (english: string, hindi: string) => localizeField(lang === 'hi' ? hindi : english, english, lang);
  const locale = intlLocaleOf[lang];
  const day = date ? formatCardDate(date, locale) : '';
  const when = day && time ? en.content.previewDateTime[lang](day, formatEventTime(time, locale)) : day;
  const headingId = `event-preview-${lang}`;

  return (
    <section className="card-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-preview-heading">
        {en.content.previewTitle(en.content.languages[lang])}
      </h3>
      <article className="preview-card" lang={lang}>
        {imageUrl ? (
          <img className="preview-card-image" src={imageUrl} alt="" />
        ) : (
          <div className="preview-card-image preview-card-no-image" lang="en">
            {en.content.previewNoImage}
          </div>
        )}
        <div className="preview-card-body">
          <PreviewText as="p" className="preview-card-title" value={shown(title, titleHi)} />
          <PreviewText className="preview-card-when" value={{ text: when, lang, fellBack: false }} />
          <PreviewText className="preview-card-line" value={shown(location, locationHi)} />
          <PreviewText className="preview-card-line" value={shown(speaker, speakerHi)} placeholder={false} />
        </div>
      </article>
    </section>
  );
}
