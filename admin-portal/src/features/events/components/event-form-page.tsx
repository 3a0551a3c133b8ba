import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { AdminEventDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { uploadImage } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateEvent, useUpdateEvent } from '../api/use-save-event';
import { toEventFormValues, type EventFormValues } from '../lib/event-rules';
import { EventForm } from './event-form';

const t = en.events;

export function EventFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const title = mode === 'create' ? t.newTitle : t.editTitle;
  useDocumentTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(AdminEventDocument, { variables: { id }, skip: mode === 'create', fetchPolicy: 'network-only' });
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();

  const onSubmit = async (values: EventFormValues, image: File | null) => {
    const imageKey = image ? (await uploadImage(image)).imageKey : undefined;
    if (mode === 'create') {
      const created = await createEvent(values, imageKey);
      navigate(created ? paths.eventView.getHref(created.id) : paths.events.getHref(), { state: { notice: { kind: 'success', text: t.created } } });
    } else {
      await updateEvent(id, values, imageKey);
      navigate(paths.eventView.getHref(id), { state: { notice: { kind: 'success', text: t.updated } } });
    }
  };

  let body;
  if (mode === 'create') body = <EventForm mode="create" onSubmit={onSubmit} />;
  else if (loading && !data) body = <Loading />;
  else if (error || !data) body = <ErrorAlert message={t.fetchFailed} onRetry={() => void refetch()} />;
  else body = <EventForm key={data.event.id} mode="edit" initialValues={toEventFormValues(data.event)} currentImageUrl={data.event.imageUrl} seriesId={data.event.seriesId} onSubmit={onSubmit} />;

  return (
    <div>
      <PageHeader title={title} />
      {body}
    </div>
  );
}

export default EventFormPage;
