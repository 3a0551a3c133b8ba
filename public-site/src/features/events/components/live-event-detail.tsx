import { useTranslation } from '@/i18n/translator';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorCode } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEvent } from '../api/use-events';
import { EventDetailLoading, EventDetails, type ShownEvent } from './event-details';

export interface LiveEventDetailProps {
  id: string;
  /** The event's card, when the reader came from one: shown while the event loads. */
  preview?: ShownEvent;
}

/** The event page's content (useEvent: served, or from the API): loading, the event, or why there is none. */
export function LiveEventDetail({ id, preview }: LiveEventDetailProps) {
  const { t } = useTranslation();
  const { data, loading, error } = useEvent(id);
  useDocumentTitle(data?.event.title ?? preview?.title ?? t('titles.event'));

  if (data?.event) return <EventDetails event={data.event} complete />;
  if (error) return <ErrorAlert>{errorCode(error) === 'NOT_FOUND' ? t('eventDetail.notFound') : t('eventDetail.fetchError')}</ErrorAlert>;
  if (loading) return <EventDetailLoading preview={preview} />;
  if (preview) return <EventDetails event={preview} complete={false} />;
  return <ErrorAlert>{t('eventDetail.notFound')}</ErrorAlert>;
}
