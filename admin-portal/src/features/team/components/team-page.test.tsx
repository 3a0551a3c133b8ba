import { screen, waitFor, within } from '@testing-library/react';
import { AdminTeamMembersDocument, CreateTeamMemberDocument, UpdateTeamMemberDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { makeTeamMember, memberTranslations } from '@/testing/mocks';

type Vars = { search?: string; missingLanguage?: string };
const membersMock = (members: unknown[], match: (v: Vars) => boolean = (v) => !v.search && !v.missingLanguage, maxUsageCount = 1) => ({
  request: { query: AdminTeamMembersDocument, variables: match },
  result: { data: { teamMembers: members } },
  maxUsageCount,
});
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const form = () => screen.getByRole('form', { name: /Team Member/ });

const asha = () =>
  makeTeamMember({
    id: 'm-1',
    name: 'Asha Rao',
    designation: 'Teacher',
    description: 'Teaches mathematics',
    missingLanguages: ['hi'],
    translations: memberTranslations({ name: 'Asha Rao', designation: 'Teacher', description: 'Teaches mathematics' }, { name: 'आशा राव', designation: 'शिक्षिका' }),
  });

describe('/admin/team', () => {
  it("marks members not written in Hindi: 'No Hindi' with none of it, 'Hindi incomplete' with part of it", async () => {
    renderRoute('/admin/team', {
      mocks: [
        membersMock([
          makeTeamMember({ name: 'Ravi Kumar' }),
          asha(),
          makeTeamMember({ name: 'Both Languages', missingLanguages: [], translations: memberTranslations({}, { name: 'दोनों', designation: 'पद', description: 'विवरण' }) }),
        ]),
      ],
    });
    const card = async (name: string) => within((await screen.findByRole('heading', { name })).closest('li') as HTMLElement);
    expect((await card('Ravi Kumar')).getByText('No Hindi')).toBeInTheDocument();
    expect((await card('Asha Rao')).getByText('Hindi incomplete')).toBeInTheDocument();
    const complete = await card('Both Languages');
    expect(complete.queryByText('No Hindi')).not.toBeInTheDocument();
    expect(complete.queryByText('Hindi incomplete')).not.toBeInTheDocument();
  });

  it("filters to members missing Hindi (missingLanguage 'hi') and searches, both kept in the URL", async () => {
    const missing = jest.fn(() => ({ data: { teamMembers: [makeTeamMember({ name: 'Ravi Kumar' })] } }));
    const searched = jest.fn(() => ({ data: { teamMembers: [] } }));
    const { user, router } = renderRoute('/admin/team', {
      mocks: [
        membersMock([makeTeamMember({ name: 'Ravi Kumar' }), makeTeamMember({ name: 'Complete One', missingLanguages: [] })]),
        { request: { query: AdminTeamMembersDocument, variables: (v: Vars) => v.missingLanguage === 'hi' && !v.search }, result: missing },
        // Reusable: the mocked client may ask again after an empty answer (without it, 'No more mocked responses' warnings).
        { request: { query: AdminTeamMembersDocument, variables: (v: Vars) => v.missingLanguage === 'hi' && v.search === 'zzz' }, result: searched, maxUsageCount: 5 },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Complete One' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Missing Hindi' }));
    await waitFor(() => expect(missing).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Complete One' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Missing Hindi' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?missing=hi');

    await user.type(screen.getByRole('searchbox', { name: 'Search team members' }), 'zzz');
    await waitFor(() => expect(searched).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('No team members match.')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('zzz');
  });

  it('adds a member with Hindi text, and previews the Hindi card falling back to English where Hindi is missing', async () => {
    const create = jest.fn(() => ({ data: { createTeamMember: makeTeamMember({ name: 'Meera Singh' }) } }));
    // The photo upload (REST): jsdom has no fetch of its own.
    const upload = jest.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ data: { imageKey: 'img-1', imageUrl: '/uploads/img-1.webp' } }), { status: 200 }));
    (globalThis as { fetch?: unknown }).fetch = upload;
    const { user } = renderRoute('/admin/team', {
      mocks: [
        membersMock([], undefined, 2),
        {
          request: {
            query: CreateTeamMemberDocument,
            variables: {
              input: {
                name: 'Meera Singh',
                nameHi: 'मीरा सिंह',
                designation: 'Coordinator',
                description: 'Runs the Saturday classes',
                socialLinks: { facebook: null, linkedin: null, twitter: null, github: null },
                imageKey: 'img-1',
              },
            },
          },
          result: create,
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    await user.type(screen.getByLabelText(/^Name/), 'Meera Singh');
    await user.type(screen.getByLabelText(/^Designation/), 'Coordinator');
    await user.type(screen.getByLabelText(/^Description/), 'Runs the Saturday classes');
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('11 of 100 characters used');
    expect(screen.getByLabelText(/^Description/)).toHaveAccessibleDescription('25 of 5000 characters used');
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 3 fields missing');

    tab(/^English/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Hindi/)).toHaveAttribute('aria-selected', 'true');
    const nameHi = screen.getByLabelText('Name (Hindi)');
    expect(nameHi).toHaveAttribute('lang', 'hi');
    await user.type(nameHi, 'मीरा सिंह');
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 2 fields missing');

    const preview = within(screen.getByRole('region', { name: 'Preview: the public card in Hindi' }));
    expect(preview.getByText('मीरा सिंह')).toHaveAttribute('lang', 'hi');
    const designation = preview.getByText('Coordinator');
    expect(designation).toHaveAttribute('lang', 'en');
    expect(designation.parentElement).toHaveTextContent('Hindi missing — English shown');
    expect(preview.getAllByText('Hindi missing — English shown')).toHaveLength(2);

    // The English tab kept its values.
    tab(/^Hindi/).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Meera Singh');

    await user.upload(screen.getByLabelText(/^Photo/), new File(['png'], 'photo.png', { type: 'image/png' }));
    await user.click(within(form()).getByRole('button', { name: 'Add Team Member' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Team member added successfully')).toBeInTheDocument();
    expect(upload.mock.calls[0][1]).toMatchObject({ method: 'POST', headers: { 'Accept-Language': 'en' } });
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('fills the Hindi tab from translations when editing, and sends an empty string for a Hindi field cleared', async () => {
    const member = asha();
    const update = jest.fn(() => ({ data: { updateTeamMember: member } }));
    const { user } = renderRoute('/admin/team', {
      mocks: [
        membersMock([member], undefined, 2),
        {
          request: {
            query: UpdateTeamMemberDocument,
            variables: (v: { id: string; input: Record<string, unknown> }) =>
              v.id === 'm-1' && v.input.name === 'Asha Rao' && v.input.nameHi === 'आशा राव' && v.input.designationHi === '' && v.input.descriptionHi === '' && v.input.imageKey === undefined,
          },
          result: update,
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Rao' }));
    expect(tab(/^Hindi/)).toHaveAccessibleName('Hindi — 1 field missing');
    await user.click(tab(/^Hindi/));
    expect(screen.getByLabelText('Name (Hindi)')).toHaveValue('आशा राव');
    const designationHi = screen.getByLabelText('Designation (Hindi)');
    expect(designationHi).toHaveValue('शिक्षिका');
    await user.clear(designationHi);
    await user.click(screen.getByRole('button', { name: 'Save Team Member' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Team member updated successfully')).toBeInTheDocument();
  });

  it('opens the English tab at the first missing English field when saving from the Hindi tab', async () => {
    const { user } = renderRoute('/admin/team', { mocks: [membersMock([])] });
    await user.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    await user.click(tab(/^Hindi/));
    await user.type(screen.getByLabelText('Name (Hindi)'), 'मीरा');
    await user.click(within(form()).getByRole('button', { name: 'Add Team Member' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Image is required')).toBeInTheDocument();
    expect(tab(/^English/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
  });
});
