import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { EventFeedbackDocument, SetEventFeedbackQuestionsDocument } from '@/gql/graphql';
import { createCache } from '@/lib/apollo-client';
import { EventFeedback } from './event-feedback';

const rating = (average: number | null, distribution: number[]) => ({ __typename: 'FeedbackRating', average, distribution });
const summary = {
  __typename: 'EventFeedbackSummary',
  eventId: 'ev-1',
  responses: 3,
  attendees: 4,
  responseRate: 0.75,
  usefulness: rating(4.33, [0, 0, 0, 2, 1]),
  overall: rating(4, [0, 0, 1, 1, 1]),
  comments: [{ __typename: 'FeedbackComment', text: 'अधिक प्रयोग', language: 'hi', at: '2030-05-02T06:30:00.000Z' }],
  questions: [],
};

function renderCard(extra: object[] = []) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={[{ request: { query: EventFeedbackDocument, variables: { eventId: 'ev-1' } }, result: { data: { eventFeedback: summary } } }, ...(extra as never[])]} cache={createCache()}>
      <EventFeedback eventId="ev-1" />
    </MockedProvider>,
  );
  return { user };
}

describe('EventFeedback (admin event page)', () => {
  it('shows the response rate, the averages, each rating as bars with a table, and the comments', async () => {
    renderCard();
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText('3 of 4 attendees answered')).toBeInTheDocument();
    expect(screen.getByText('4.3 / 5')).toBeInTheDocument();
    expect(screen.getByText('4.0 / 5')).toBeInTheDocument();
    // The table is what a screen reader gets: one row per rating with its count.
    const table = screen.getByRole('table', { name: 'Usefulness: how many gave each rating' });
    expect(within(table).getByRole('row', { name: '4 2' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '5 1' })).toBeInTheDocument();
    expect(screen.getByText('अधिक प्रयोग')).toHaveAttribute('lang', 'hi');
    expect(screen.getByRole('button', { name: 'Download feedback CSV' })).toBeEnabled();
  });

  it('adds an extra question and saves the list', async () => {
    const saved = { __typename: 'FeedbackQuestionAdmin', id: 'pace', type: 'yes_no', label: 'Pace', labelHi: '', help: '', helpHi: '', required: true, options: [] };
    const { user } = renderCard([
      {
        request: { query: SetEventFeedbackQuestionsDocument, variables: { eventId: 'ev-1', questions: [{ id: null, type: 'yes_no', label: 'Pace', labelHi: null, required: true, options: [] }] } },
        result: { data: { setEventFeedbackQuestions: { __typename: 'FeedbackQuestionsPayload', message: 'Feedback questions saved.', questions: [saved] } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByLabelText('Question (English)'), 'Pace');
    await user.selectOptions(screen.getByLabelText('Type'), 'yes_no');
    await user.click(screen.getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Feedback questions saved')).toBeInTheDocument();
  });
});
