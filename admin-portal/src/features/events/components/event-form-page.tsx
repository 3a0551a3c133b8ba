import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminEventDocument, CreateEventDocument, UpdateEventDocument, type AdminEventFieldsFragment, type EventCategory } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { uploadImage } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { PageHeader } from '@/components/ui/page-header';
import { EventForm, emptyEventForm, type EventFormValues } from './event-form';

const t = en.events;

function toFormValues(e: AdminEventFieldsFragment): EventFormValues {
  return {
    ...emptyEventForm,
    title: e.title,
    category: e.category,
    description: e.description,
    date: e.date.slice(0, 10),
    time: e.time,
    endDate: e.endDate?.slice(0, 10) ?? '',
    endTime: e.endTime ?? '',
    location: e.location,
    maxParticipants: e.maxParticipants ? String(e.maxParticipants) : '',
    externalLink: e.externalLink ?? '',
    speaker: e.speaker ?? '',
    waitlistOfferHours: String(e.waitlistOfferHours),
  };
}

export function EventFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const title = mode === 'create' ? t.newTitle : t.editTitle;
  useDocumentTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(AdminEventDocument, { variables: { id }, skip: mode === 'create', fetchPolicy: 'network-only' });
  const [createEvent] = useMutation(CreateEventDocument);
  const [updateEvent] = useMutation(UpdateEventDocument);

  const onSubmit = async (values: EventFormValues, image: File | null) => {
    const imageKey = image ? (await uploadImage(image)).imageKey : undefined;
    const max = values.maxParticipants.trim() ? Number(values.maxParticipants) : null;
    const waitlistOfferHours = Number(values.waitlistOfferHours.trim());
    if (mode === 'create') {
      const res = await createEvent({
        variables: {
          input: {
            title: values.title.trim(),
            category: values.category as EventCategory,
            description: values.description.trim(),
            date: values.date,
            time: values.time,
            location: values.location.trim(),
            endDate: values.endDate || undefined,
            endTime: values.endTime || undefined,
            maxParticipants: max ?? undefined,
            externalLink: values.externalLink.trim() || undefined,
            speaker: values.speaker.trim() || undefined,
            waitlistOfferHours,
            imageKey,
          },
        },
      });
      const created = res.data?.createEvent;
      navigate(created ? paths.eventView.getHref(created.id) : paths.events.getHref(), { state: { notice: { kind: 'success', text: t.created } } });
    } else {
      // On edit an empty optional field clears it (the API reads '' / null as "remove").
      await updateEvent({
        variables: {
          id,
          input: {
            title: values.title.trim(),
            category: (values.category || undefined) as EventCategory | undefined,
            description: values.description.trim(),
            date: values.date,
            time: values.time,
            location: values.location.trim(),
            endDate: values.endDate,
            endTime: values.endTime,
            maxParticipants: max,
            externalLink: values.externalLink.trim(),
            speaker: values.speaker.trim(),
            waitlistOfferHours,
            imageKey: imageKey ?? (values.removeImage ? '' : undefined),
          },
        },
      });
      navigate(paths.eventView.getHref(id), { state: { notice: { kind: 'success', text: t.updated } } });
    }
  };

  let body;
  if (mode === 'create') body = <EventForm mode="create" onSubmit={onSubmit} />;
  else if (loading && !data) body = <Loading />;
  else if (error || !data) body = <ErrorAlert message={t.fetchFailed} onRetry={() => void refetch()} />;
  else body = <EventForm key={data.event.id} mode="edit" initialValues={toFormValues(data.event)} currentImageUrl={data.event.imageUrl} onSubmit={onSubmit} />;

  return (
    <div>
      <PageHeader title={title} />
      {body}
    </div>
  );
}

export default EventFormPage;
