import { screen, waitFor, within } from '@testing-library/react';
import { AdminEventDocument, CreateEventDocument, EventRegistrationsDocument, EventWaitlistDocument, UpdateEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { eventTranslations, makeEvent } from '@/testing/mocks';

type User = ReturnType<typeof renderRoute>['user'];
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

async function fillEnglish(user: User) {
  await user.type(await screen.findByLabelText(/^Title/), 'Career camp');
  await user.type(screen.getByLabelText(/^Description/), 'Guidance for graduates');
  await user.type(screen.getByLabelText(/^Location/), 'Prayagraj');
  await user.type(screen.getByLabelText(/^Speaker/), 'Dr. Meera');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'GRADUATE');
  await user.type(screen.getByLabelText(/^Date/), '2030-05-01');
  await user.type(screen.getByLabelText(/^Time/), '10:00');
}

const viewMocks = (id: string, event: ReturnType<typeof makeEvent>) => [
  { request: { query: AdminEventDocument, variables: { id } }, result: { data: { event } } },
  { request: { query: EventRegistrationsDocument, variables: { eventId: id } }, result: { data: { eventRegistrations: [] } } },
  { request: { query: EventWaitlistDocument, variables: { eventId: id } }, result: { data: { eventWaitlist: [] } } },
];

describe('event form: English and Hindi', () => {
  it('switches tabs with the arrow keys, Home and End, and keeps what was typed in each language', async () => {
    const { user } = renderRoute('/admin/events/new');
    await user.type(await screen.findByLabelText(/^Title/), 'Career camp');

    const english = tab(/^English/);
    expect(screen.getByRole('tablist', { name: 'Language of the text' })).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Hindi/)).toHaveAttribute('aria-selected', 'false');
    expect(tab(/^Hindi/)).toHaveAttribute('tabindex', '-1');
    expect(panel()).toHaveAccessibleName('English');

    english.focus();
    await user.keyboard('{ArrowRight}');
    const hindi = tab(/^Hindi/);
    expect(hindi).toHaveAttribute('aria-selected', 'true');
    expect(hindi).toHaveFocus();
    expect(english).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByLabelText(/^Title$/)).not.toBeInTheDocument();
    const titleHi = screen.getByLabelText('Title (Hindi)');
    expect(titleHi).toHaveAttribute('lang', 'hi');
    await user.type(titleHi, 'करियर शिविर');

    await user.keyboard('{Shift>}{Tab}{/Shift}'); // back to the tab list
    expect(hindi).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(english).toHaveFocus();
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Career camp');

    await user.keyboard('{End}');
    expect(tab(/^Hindi/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Title (Hindi)')).toHaveValue('करियर शिविर');
    await user.keyboard('{Home}');
    expect(tab(/^English/)).toHaveAttribute('aria-selected', 'true');
    // ArrowLeft from the first tab wraps to the last.
    await user.keyboard('{ArrowLeft}');
    expect(tab(/^Hindi/)).toHaveAttribute('aria-selected', 'true');
  });

  it('counts characters against each limit, read with the field rather than announced on every key', async () => {
    const { user } = renderRoute('/admin/events/new');
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getAllByText('0 / 200')).toHaveLength(2); // title and location
    expect(screen.getByText('0 / 10000')).toBeInTheDocument();
    expect(screen.getByText('0 / 120')).toBeInTheDocument();
    await user.type(title, 'Career camp');
    expect(title).toHaveAccessibleDescription('11 of 200 characters used');
    const count = document.getElementById('event-title-count')!;
    expect(count).toHaveTextContent('11 / 200');
    expect(count).not.toHaveAttribute('aria-live');
    expect(count.closest('[aria-live]')).toBeNull();

    await user.click(tab(/^Hindi/));
    const titleHi = screen.getByLabelText('Title (Hindi)');
    expect(titleHi).toHaveAccessibleDescription('0 of 200 characters used');
    await user.type(titleHi, 'करियर');
    expect(titleHi).toHaveAccessibleDescription('5 of 200 characters used');
  });

  it('previews the Hindi card, falling back to English field by field and saying so', async () => {
    const { user } = renderRoute('/admin/events/new');
    await fillEnglish(user);
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 4 fields missing');

    // The English card, with the date as the English site writes it.
    const englishCard = within(screen.getByRole('region', { name: 'Preview: the public card in English' }));
    expect(englishCard.getByText('Career camp')).toBeInTheDocument();
    expect(englishCard.getByText(/Wed, 1 May, 2030 at 10:00/)).toBeInTheDocument();
    expect(englishCard.queryByText('Hindi missing — English shown')).not.toBeInTheDocument();

    await user.click(tab(/^Hindi/));
    await user.type(screen.getByLabelText('Title (Hindi)'), 'करियर शिविर');
    await user.type(screen.getByLabelText('Speaker (Hindi)'), 'डॉ. मीरा');
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 2 fields missing');

    const region = screen.getByRole('region', { name: 'Preview: the public card in Hindi' });
    const card = within(region);
    expect(card.getByText('करियर शिविर')).toHaveAttribute('lang', 'hi');
    expect(card.getByText('डॉ. मीरा')).toHaveAttribute('lang', 'hi');
    expect(card.getByText(/^बुध, 1 मई 2030, 10:00 .*बजे$/)).toBeInTheDocument();
    // The location has no Hindi: English is shown, in English, with a note.
    const location = card.getByText('Prayagraj');
    expect(location).toHaveAttribute('lang', 'en');
    expect(location.parentElement).toHaveTextContent('Hindi missing — English shown');
    expect(card.getAllByText('Hindi missing — English shown')).toHaveLength(1);

    await user.type(screen.getByLabelText('Location (Hindi)'), 'प्रयागराज');
    await user.type(screen.getByLabelText('Description (Hindi)'), 'स्नातकों के लिए मार्गदर्शन');
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — complete');
    expect(card.queryByText('Hindi missing — English shown')).not.toBeInTheDocument();
  });

  it('sends the Hindi text with a new event, and leaves out Hindi fields left empty', async () => {
    const created = makeEvent({ id: 'ev-hi', title: 'Career camp' });
    const create = jest.fn(() => ({ data: { createEvent: created } }));
    const { user, router } = renderRoute('/admin/events/new', {
      mocks: [
        {
          request: {
            query: CreateEventDocument,
            variables: {
              input: {
                title: 'Career camp',
                titleHi: 'करियर शिविर',
                category: 'GRADUATE',
                description: 'Guidance for graduates',
                descriptionHi: 'स्नातकों के लिए मार्गदर्शन',
                date: '2030-05-01',
                time: '10:00',
                location: 'Prayagraj',
                locationHi: 'प्रयागराज',
                speaker: 'Dr. Meera',
                waitlistOfferHours: 24,
                feedbackDelayHours: 2,
              },
            },
          },
          result: create,
        },
        ...viewMocks('ev-hi', created),
      ],
    });
    await fillEnglish(user);
    await user.click(tab(/^Hindi/));
    await user.type(screen.getByLabelText('Title (Hindi)'), '  करियर शिविर ');
    await user.type(screen.getByLabelText('Description (Hindi)'), 'स्नातकों के लिए मार्गदर्शन');
    await user.type(screen.getByLabelText('Location (Hindi)'), 'प्रयागराज');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events/view/ev-hi'));
  });

  it('fills the Hindi tab from translations when editing, and sends an empty string for a Hindi field cleared', async () => {
    const event = makeEvent({
      id: 'ev-7',
      title: 'Science fair',
      location: 'Civil Lines',
      speaker: 'Asha Rao',
      translations: eventTranslations(
        { title: 'Science fair', location: 'Civil Lines', speaker: 'Asha Rao' },
        { title: 'विज्ञान मेला', description: 'बच्चों के प्रयोग', location: 'सिविल लाइंस', speaker: 'आशा राव' },
      ),
      missingLanguages: [],
    });
    const update = jest.fn(() => ({ data: { updateEvent: event } }));
    const { user } = renderRoute('/admin/events/edit/ev-7', {
      mocks: [
        { request: { query: AdminEventDocument, variables: { id: 'ev-7' } }, result: { data: { event } } },
        {
          request: {
            query: UpdateEventDocument,
            variables: (v: { id: string; input: Record<string, unknown> }) =>
              v.id === 'ev-7' &&
              v.input.title === 'Science fair' &&
              v.input.titleHi === 'विज्ञान मेला' &&
              v.input.descriptionHi === 'बच्चों के प्रयोग' &&
              v.input.locationHi === 'सिविल लाइंस' &&
              v.input.speakerHi === '',
          },
          result: update,
        },
        ...viewMocks('ev-7', event).slice(1),
        { request: { query: AdminEventDocument, variables: { id: 'ev-7' } }, result: { data: { event } } },
      ],
    });
    await screen.findByDisplayValue('Science fair');
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — complete');
    await user.click(tab(/^Hindi/));
    expect(screen.getByLabelText('Title (Hindi)')).toHaveValue('विज्ञान मेला');
    expect(screen.getByLabelText('Description (Hindi)')).toHaveValue('बच्चों के प्रयोग');
    const speakerHi = screen.getByLabelText('Speaker (Hindi)');
    expect(speakerHi).toHaveValue('आशा राव');
    await user.clear(speakerHi);
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 1 field missing');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it('opens the English tab and focuses the field when English is missing, whichever tab is open', async () => {
    const { user } = renderRoute('/admin/events/new');
    await screen.findByLabelText(/^Title/);
    await user.click(tab(/^Hindi/));
    await user.type(screen.getByLabelText('Title (Hindi)'), 'करियर शिविर');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(tab(/^English/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    for (const message of ['Category is required', 'Description is required', 'Date is required', 'Time is required', 'Location is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('checks the Hindi limits too, opening the Hindi tab at the field that is too long', async () => {
    const { user } = renderRoute('/admin/events/new');
    await fillEnglish(user);
    await user.click(tab(/^Hindi/));
    const speakerHi = screen.getByLabelText('Speaker (Hindi)');
    await user.click(speakerHi);
    await user.paste('क'.repeat(121));
    expect(screen.getByText('121 / 120').closest('.field-count')).toHaveClass('field-count-over');
    await user.click(tab(/^English/));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Speaker (Hindi) must be at most 120 characters')).toBeInTheDocument();
    expect(tab(/^Hindi/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('Speaker (Hindi)')).toHaveFocus());
  });
});
