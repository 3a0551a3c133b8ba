import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { QuestionSetsDocument, SaveQuestionSetDocument } from '@/gql/graphql';
import { createCache } from '@/lib/apollo-client';
import type { ContentLanguage } from '@/lib/content-languages';
import { toQuestionInputs, type QuestionDraft } from '../lib/question-drafts';
import { QuestionsEditor } from './questions-editor';

const def = (id: string, label: string, labelHi: string) => ({
  __typename: 'QuestionDefinition' as const, id, type: 'TEXT' as const, label, labelHi, help: '', helpHi: '', required: true,
  options: [] as { __typename: 'QuestionOptionDefinition'; value: string; label: string; labelHi: string }[],
});
const teacherSet = { __typename: 'QuestionSet' as const, id: 'set-1', name: 'Teacher details', updatedAt: '2026-01-01T00:00:00.000Z', questions: [def('school', 'School', 'विद्यालय')] };

let latest: QuestionDraft[] = [];
function Harness({ initial = [], errors = {} }: { initial?: QuestionDraft[]; errors?: Record<string, string> }) {
  const [value, setValue] = useState<QuestionDraft[]>(initial);
  const [lang, setLang] = useState<ContentLanguage>('en');
  latest = value;
  return <QuestionsEditor value={value} onChange={setValue} lang={lang} onLangChange={setLang} errors={errors} />;
}

function renderEditor(props: Parameters<typeof Harness>[0] = {}, mocks: MockLink.MockedResponse[] = []) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <Harness {...props} />
    </MockedProvider>,
  );
  return user;
}

describe('questions editor', () => {
  it('adds questions, writes both languages on the tabs, sets type, options and required, reorders and removes', async () => {
    const user = renderEditor();
    expect(screen.getByText(/No questions/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: /^Question/ }), 'District');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'SINGLE_CHOICE');
    await user.click(screen.getByRole('checkbox', { name: 'Required' }));
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: /Option 1/ }), 'Prayagraj');

    await user.click(screen.getByRole('tab', { name: /Hindi/ }));
    expect(screen.getByRole('textbox', { name: 'Question (Hindi)' })).toHaveAccessibleDescription('English: District');
    await user.type(screen.getByRole('textbox', { name: 'Question (Hindi)' }), 'ज़िला');
    await user.type(screen.getByRole('textbox', { name: 'Option 1 (Hindi)' }), 'प्रयागराज');
    await user.click(screen.getByRole('tab', { name: /English/ }));

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const second = screen.getAllByRole('group').find((g) => g.tagName === 'FIELDSET' && /Question 2/.test(g.textContent ?? ''))!;
    await user.type(within(second).getByRole('textbox', { name: /^Question/ }), 'School');
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(toQuestionInputs(latest)).toEqual([
      { type: 'TEXT', label: 'School', labelHi: '', help: '', helpHi: '', required: false, options: [] },
      { type: 'SINGLE_CHOICE', label: 'District', labelHi: 'ज़िला', help: '', helpHi: '', required: true, options: [{ label: 'Prayagraj', labelHi: 'प्रयागराज' }] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(latest.map((q) => q.label)).toEqual(['District']);
  });

  it("shows the API's messages at the question's field", () => {
    renderEditor({
      initial: [{ key: 'k', id: 'q1', type: 'SINGLE_CHOICE', label: '', labelHi: '', help: '', helpHi: '', required: false, options: [] }],
      errors: { 'questions[0].label': 'Question 1 needs a label', 'questions[0].options': 'A choice question needs at least one option' },
    });
    expect(screen.getByRole('textbox', { name: /^Question/ })).toHaveAccessibleDescription('Question 1 needs a label');
    expect(screen.getByText('A choice question needs at least one option')).toBeInTheDocument();
  });

  it('applies a saved set and saves the list as a set', async () => {
    const saved = { ...teacherSet, id: 'set-2', name: 'Workshop', questions: [def('school', 'School', 'विद्यालय')] };
    const user = renderEditor({}, [
      { request: { query: QuestionSetsDocument }, result: { data: { questionSets: [teacherSet] } } },
      {
        request: { query: SaveQuestionSetDocument, variables: { input: { name: 'Workshop', questions: [{ id: 'school', type: 'TEXT', label: 'School', labelHi: 'विद्यालय', help: '', helpHi: '', required: true, options: [] }] } } },
        result: { data: { saveQuestionSet: saved } },
      },
    ]);
    await user.click(screen.getByText('Question sets'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Apply a saved set' }), 'set-1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Added 1 question from "Teacher details".')).toBeInTheDocument();
    expect(latest.map((q) => q.id)).toEqual(['school']);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Every question of "Teacher details" is in the list already.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Save these questions as a set' }), 'Workshop{Enter}');
    expect(await screen.findByText('Saved the set "Workshop".')).toBeInTheDocument();
  });
});
