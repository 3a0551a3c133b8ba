import { screen, waitFor, within } from '@testing-library/react';
import { MessageEventChoicesDocument, MessagePreviewDocument, MessagesDocument, SendMessageDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';

const year = new Date().getFullYear();
const event = (id: string, title: string, date: string) => ({ __typename: 'Event', id, title, date, category: 'PRIMARY' });
const choices = {
  request: { query: MessageEventChoicesDocument, variables: { filter: { category: null, year, search: null }, limit: 250 } },
  result: { data: { events: { __typename: 'EventPage', items: [event('e1', 'Science fair', `${year}-02-10`), event('e2', 'Maths camp', `${year}-03-05`)], total: 2 } } },
};
const input = { subject: 'Thank you for coming', text: 'See you next time.', subjectHi: 'आने के लिए धन्यवाद', textHi: 'फिर मिलेंगे।', eventIds: ['e1', 'e2'], segment: 'attended', sendAt: null };
const lang = (language: string, recipients: number, subject: string) => ({ __typename: 'MessagePreviewLanguage', language, recipients, subject, text: subject, html: `<p>${subject}</p>` });
const preview = {
  request: { query: MessagePreviewDocument, variables: { input } },
  result: { data: { messagePreview: { __typename: 'MessagePreview', recipients: 3, kind: 'news', optedOut: 1, remainingThisHour: 2000, languages: [lang('en', 2, input.subject), lang('hi', 1, input.subjectHi)] } } },
};
const messageFields = {
  __typename: 'Message', id: 'm1', subject: input.subject, subjectHi: input.subjectHi, text: input.text, textHi: input.textHi, segment: 'attended', eventIds: ['e1', 'e2'], kind: 'news',
  status: 'sending', sendAt: '2030-04-01T04:30:00.000Z', recipients: 3, createdByEmail: 'admin@test.local', createdAt: '2030-04-01T04:30:00.000Z',
  totals: { __typename: 'MessageTotals', queued: 3, sent: 0, failed: 0, skipped: 0 },
};

jest.setTimeout(30_000);

describe('/admin/messages/new', () => {
  it('asks for events and text, previews the count in each language, and sends only after the confirmation', async () => {
    const send = jest.fn(() => ({ data: { sendMessage: { __typename: 'SendMessagePayload', id: 'm1', recipients: 3, message: messageFields } } }));
    const { user, router } = renderRoute('/admin/messages/new', {
      mocks: [
        choices,
        preview,
        { request: { query: SendMessageDocument, variables: { input } }, result: send },
        { request: { query: MessagesDocument, variables: { offset: 0, limit: 20 } }, result: { data: { messages: { __typename: 'MessagePage', items: [], total: 0, offset: 0, limit: 20 } } } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Write a message' })).toBeInTheDocument();
    await screen.findByText('Science fair');

    await user.click(screen.getByRole('button', { name: 'Send…' }));
    expect(await screen.findByText('Choose at least one event.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(screen.getByText('2 events chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /who attended/ }));
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), input.subject);
    await user.type(screen.getByRole('textbox', { name: /Text/ }), input.text);
    await user.click(screen.getByRole('tab', { name: /Hindi/ }));
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), input.subjectHi);
    await user.type(screen.getByRole('textbox', { name: /Text/ }), input.textHi);

    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('To: Those who attended (checked in), of 2 events.')).toBeInTheDocument();
    expect(within(dialog).getByText('3 people will receive it, each once.')).toBeInTheDocument();
    expect(within(dialog).getByText('Kind: News.')).toBeInTheDocument();
    expect(within(dialog).getByText('When: now.')).toBeInTheDocument();
    expect(within(dialog).getByText('Languages: English, Hindi.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    // The preview behind the dialog: the count, those left out, and each language's readers.
    expect(screen.getByText('1 left out: they turned news off.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hindi: 1 person' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages/m1'));
  });
});
