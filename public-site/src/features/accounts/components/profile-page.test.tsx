import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MeDocument, SetReminderPreferenceDocument, UpdateProfileDocument } from '@/gql/graphql';
import { gqlError, meMock, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import ProfilePage from './profile-page';

jest.mock('@/lib/reload', () => ({ reloadPage: jest.fn(), goToPage: jest.fn(), replacePage: jest.fn() }));

function renderProfile(mocks: NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'] = [], startEditing = false) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfilePage startEditing={startEditing} />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { mocks, route: '/profile' },
  );
}

describe('ProfilePage', () => {
  beforeEach(() => window.localStorage.clear());

  it('redirects to /login without a token', () => {
    renderProfile();
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('shows the account; a teacher awaiting approval gets the badge', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderProfile([meMock(viewer({ category: 'PRIMARY', status: 'PENDING' }))]);
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('asha@example.org')).toBeInTheDocument();
    expect(screen.getByText('(Email cannot be changed)')).toBeInTheDocument();
    expect(screen.getByText('Teacher')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Awaiting Approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('an active graduate has no Awaiting Approval badge', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderProfile([meMock(viewer({ category: 'SECONDARY', status: 'ACTIVE' }))]);
    expect(await screen.findByText('6th-12th Grade student')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Awaiting Approval')).not.toBeInTheDocument();
  });

  it('edits name and phone: both required, phone 10 digits, then Profile updated successfully', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderProfile([
      meMock(),
      {
        request: { query: UpdateProfileDocument, variables: { input: { name: 'Asha V. Sharma', phone: '9000000001' } } },
        result: { data: { updateProfile: viewer({ name: 'Asha V. Sharma', phone: '9000000001' }) } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email cannot be changed');

    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Asha V. Sharma');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Asha V. Sharma')).toBeInTheDocument();
    expect(screen.getByText('9000000001')).toBeInTheDocument();
  });

  it('shows Failed to update profile or the server message', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderProfile(
      [
        meMock(),
        { request: { query: UpdateProfileDocument, variables: () => true }, error: new Error('offline') },
      ],
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('the Event reminders switch turns reminders off and on (setReminderPreference)', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    const off = jest.fn(() => ({ data: { setReminderPreference: { __typename: 'User', id: 'u-1', remindersEnabled: false } } }));
    const on = jest.fn(() => ({ data: { setReminderPreference: { __typename: 'User', id: 'u-1', remindersEnabled: true } } }));
    renderProfile([
      meMock(viewer({ remindersEnabled: true })),
      { request: { query: SetReminderPreferenceDocument, variables: { enabled: false } }, result: off },
      { request: { query: SetReminderPreferenceDocument, variables: { enabled: true } }, result: on },
    ]);
    const toggle = await screen.findByRole('switch', { name: 'Event reminders' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('We e-mail you a reminder before each event you have registered for.');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(off).toHaveBeenCalledTimes(1));
    // Keyboard: Space on the focused switch turns it back on.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(on).toHaveBeenCalledTimes(1));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('the switch goes back and says so when the setting cannot be saved', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderProfile([
      meMock(viewer({ remindersEnabled: false })),
      { request: { query: SetReminderPreferenceDocument, variables: { enabled: true } }, error: new Error('offline') },
    ]);
    const toggle = await screen.findByRole('switch', { name: 'Event reminders' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your reminder setting. Please try again.');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('says Failed to load profile data when the profile cannot be read', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderProfile([{ request: { query: MeDocument }, error: new Error('offline') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data');
  });

  it('an UNAUTHENTICATED answer clears the token and goes to /login', async () => {
    window.localStorage.setItem('authToken', 'expired');
    renderProfile([{ request: { query: MeDocument }, result: gqlError('Your session has expired', 'UNAUTHENTICATED') }]);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('authToken')).toBeNull());
  });
});
