import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { FeedbackFormDocument, SubmitFeedbackDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import FeedbackPage from './feedback-page';

const TOKEN = 'signed.token.value';

const form = (over: Record<string, unknown> = {}) => ({
  __typename: 'FeedbackForm' as const,
  eventId: 'e1',
  eventTitle: 'Science workshop',
  eventEndsAt: '2026-06-16T06:30:00.000Z',
  editableUntil: '2026-06-23T06:30:00.000Z',
  editable: true,
  questions: [
    {
      __typename: 'FeedbackQuestionView' as const,
      id: 'pace',
      type: 'single_choice',
      label: 'The pace was',
      help: '',
      required: true,
      options: [
        { __typename: 'FeedbackQuestionChoice' as const, value: 'too-slow', label: 'Too slow' },
        { __typename: 'FeedbackQuestionChoice' as const, value: 'right', label: 'Right' },
        { __typename: 'FeedbackQuestionChoice' as const, value: 'too-fast', label: 'Too fast' },
      ],
    },
  ],
  response: null,
  ...over,
});

const saved = {
  __typename: 'FeedbackResponse' as const,
  usefulness: 4,
  overall: 5,
  improve: 'More experiments',
  answers: [{ __typename: 'FeedbackAnswer' as const, questionId: 'pace', value: 'right', values: [] }],
  language: 'en',
  updatedAt: '2026-06-16T10:00:00.000Z',
};

function renderPage(mocks: object[]) {
  return renderWithProviders(
    <Routes>
      <Route path="/feedback/:token" element={<FeedbackPage />} />
    </Routes>,
    { route: `/feedback/${TOKEN}`, mocks: mocks as never },
  );
}

const formMock = (result: object) => ({ request: { query: FeedbackFormDocument, variables: { token: TOKEN } }, result });

describe('Feedback page (the mailed link)', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('asks for both ratings and the required question before sending, then saves and thanks', async () => {
    const user = userEvent.setup();
    const input = { usefulness: 4, overall: 5, improve: 'More experiments', answers: [{ questionId: 'pace', value: 'right' }], language: 'en' };
    renderPage([
      formMock({ data: { feedbackForm: form() } }),
      { request: { query: SubmitFeedbackDocument, variables: { token: TOKEN, input } }, result: { data: { submitFeedback: { __typename: 'FeedbackPayload', message: 'Thank you! Your feedback is saved.', form: form({ response: saved }) } } } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your feedback' })).toBeInTheDocument();
    expect(await screen.findByText(/Thank you for coming to Science workshop/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getAllByText('Please choose a rating from 1 to 5.')).toHaveLength(2);
    expect(screen.getByText('Please answer this question.')).toBeInTheDocument();

    const useful = screen.getByRole('group', { name: 'How useful was the event for you?' });
    await user.click(within(useful).getByRole('radio', { name: '4' }));
    await user.click(within(screen.getByRole('group', { name: 'Overall, how would you rate the event?' })).getByRole('radio', { name: '5' }));
    await user.type(screen.getByLabelText('What could we improve?'), 'More experiments');
    await user.click(screen.getByRole('radio', { name: 'Right' }));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your feedback is saved.');
    // The saved answers stay in the form, which now offers to change them.
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'How useful was the event for you?' })).getByRole('radio', { name: '4' })).toBeChecked();
  });

  it('shows earlier answers read-only once feedback has closed', async () => {
    renderPage([formMock({ data: { feedbackForm: form({ editable: false, response: saved }) } })]);
    expect(await screen.findByText(/Feedback for this event is closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send feedback|Save changes/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('What could we improve?')).toBeDisabled();
  });

  it('says so when the link is not valid', async () => {
    renderPage([formMock(gqlError('This feedback link is not valid.', 'VALIDATION'))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This feedback link is not valid.');
    expect(screen.getByRole('link', { name: 'Go to My events' })).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await act(() => setLanguage('hi'));
    renderPage([formMock({ data: { feedbackForm: form() } })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'आपकी राय' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'यह कार्यक्रम आपके लिए कितना उपयोगी रहा?' })).toBeInTheDocument();
  });
});
