import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { EventDocument, RegisterForEventDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { eventDetail, gqlError, noEventPass } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { EventDetailPage } from '@/features/events/components/event-detail-page';
import type { PublicQuestion } from '../lib/answers';
import { QuestionsForm } from './questions-form';

const q = (over: Partial<PublicQuestion>): PublicQuestion => ({ __typename: 'EventQuestion', id: 'q', type: 'TEXT', label: 'Q', help: '', required: false, options: [], ...over }) as PublicQuestion;
const opt = (value: string, label: string) => ({ __typename: 'QuestionOption' as const, value, label });

const QUESTIONS: PublicQuestion[] = [
  q({ id: 'school', label: 'School', help: 'Full name of your school', required: true }),
  q({ id: 'about', type: 'LONG_TEXT', label: 'About you' }),
  q({ id: 'district', type: 'SINGLE_CHOICE', label: 'District', required: true, options: [opt('prayagraj', 'Prayagraj'), opt('kaushambi', 'Kaushambi')] }),
  q({ id: 'subjects', type: 'MULTIPLE_CHOICE', label: 'Subjects', options: [opt('maths', 'Mathematics'), opt('hindi', 'Hindi'), opt('science', 'Science')] }),
  q({ id: 'years', type: 'NUMBER', label: 'Years teaching' }),
  q({ id: 'lunch', type: 'YES_NO', label: 'Need lunch?', required: true }),
];

function renderForm(onSubmit: jest.Mock<Promise<Record<string, string> | void>, []> = jest.fn(async () => undefined)) {
  const user = userEvent.setup();
  renderWithProviders(<QuestionsForm questions={QUESTIONS} submitLabel="Register" idPrefix="t" onSubmit={onSubmit} onCancel={() => undefined} />);
  return { user, onSubmit };
}

describe('question inputs', () => {
  afterEach(() => setLanguage('en'));

  it('draws the input each type asks for, labelled, with its help tied to it', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /School/ })).toHaveAccessibleDescription('Full name of your school');
    expect(screen.getByRole('textbox', { name: 'About you' }).tagName).toBe('TEXTAREA');
    expect(within(screen.getByRole('group', { name: /District/ })).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Subjects' })).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Years teaching' })).toHaveAttribute('inputmode', 'decimal');
    const lunch = screen.getByRole('group', { name: /Need lunch/ });
    expect(within(lunch).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(within(lunch).getByRole('radio', { name: 'No' })).toBeInTheDocument();
  });

  it('checks required answers and numbers before sending, at the field, and focuses the first', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Years teaching' }), 'ten');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /School/ })).toHaveAccessibleDescription(/Please answer this question/);
    expect(screen.getByRole('textbox', { name: /School/ })).toHaveFocus();
    expect(screen.getByRole('group', { name: /District/ })).toHaveAccessibleDescription('Please answer this question.');
    expect(screen.getByRole('textbox', { name: 'Years teaching' })).toHaveAccessibleDescription('Please enter a number.');
  });

  it('sends the answers (choices in the options\' order, yes/no as true/false), and shows the server\'s messages at their questions', async () => {
    const onSubmit = jest.fn(async (): Promise<Record<string, string> | void> => ({ district: '"District": choose one of the listed options' }));
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /School/ }), ' GIC ');
    await user.click(screen.getByRole('radio', { name: 'Kaushambi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Science' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mathematics' }));
    await user.type(screen.getByRole('textbox', { name: 'Years teaching' }), '12');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { questionId: 'school', value: 'GIC' },
      { questionId: 'district', value: 'kaushambi' },
      { questionId: 'subjects', values: ['maths', 'science'] },
      { questionId: 'years', value: '12' },
      { questionId: 'lunch', value: 'false' },
    ]);
    expect(await screen.findByText('"District": choose one of the listed options')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /District/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    renderForm();
    const lunch = screen.getByRole('group', { name: /Need lunch/ });
    expect(within(lunch).getByRole('radio', { name: 'हाँ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
  });
});

describe('registering for an event that asks questions', () => {
  const event = eventDetail({ id: 'ev-1', title: 'Teacher workshop', date: '2099-03-15', startsAt: '2099-03-15T05:00:00.000Z', questions: [QUESTIONS[0], QUESTIONS[2]] });
  const state = { __typename: 'Event' as const, id: 'ev-1', registeredCount: 13, offeredCount: 0, isRegistered: true, isFull: false, hasStarted: false, cancelled: false, waitlistCount: 0 };
  beforeEach(() => window.localStorage.setItem('authToken', 'jwt'));
  afterEach(() => window.localStorage.clear());

  it('Register Now opens the questions; the server\'s refusal shows at the field; then it registers', async () => {
    const user = userEvent.setup();
    const answers = [{ questionId: 'school', value: 'GIC' }, { questionId: 'district', value: 'prayagraj' }];
    renderWithProviders(
      <Routes>
        <Route path="/events/:id" element={<EventDetailPage />} />
      </Routes>,
      {
        route: '/events/ev-1',
        mocks: [
          { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event } } },
          { request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1', answers } }, result: gqlError('"School" is too long', 'VALIDATION', { fields: { 'answers.school': '"School" is too long' } }) },
          { request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1', answers } }, result: { data: { registerForEvent: { __typename: 'EventRegistrationPayload', message: 'ok', event: state } } } },
          noEventPass('ev-1'),
        ],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'A few questions' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /School/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /School/ }), 'GIC');
    await user.click(within(dialog).getByRole('radio', { name: 'Prayagraj' }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('"School" is too long')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Successfully registered for the event!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
