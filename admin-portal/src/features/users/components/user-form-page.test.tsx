import { screen, waitFor } from '@testing-library/react';
import { AdminUserDocument, AdminUsersDocument, CreateUserDocument, UpdateUserDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { anyVariables, gqlError, makeUser, page } from '@/testing/mocks';

const usersList = { request: { query: AdminUsersDocument, variables: anyVariables }, result: { data: { users: page([], 'UserPage') } }, maxUsageCount: 5 };

describe('user form', () => {
  it('applies the per-category rules', async () => {
    const { user } = renderRoute('/admin/users/new');
    const save = await screen.findByRole('button', { name: 'Create user' });
    // Default category: student.
    await user.click(save);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText("Father's name is required")).toBeInTheDocument();
    expect(screen.getByText("Primary user's email is required")).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    // Teacher: school fields instead of the student fields, and no password.
    await user.selectOptions(screen.getByLabelText(/^Category/), 'PRIMARY');
    await user.click(save);
    expect(await screen.findByText('School name is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByText('Area is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Father's name/)).not.toBeInTheDocument();

    // Graduate: only the common fields and a password.
    await user.selectOptions(screen.getByLabelText(/^Category/), 'GRADUATE');
    await user.type(screen.getByLabelText(/^Phone/), '12345');
    await user.click(save);
    expect(await screen.findByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('School name is required')).not.toBeInTheDocument();
  });

  it('creates a teacher without a password and returns to the list', async () => {
    const created = jest.fn(() => ({ data: { createUser: makeUser({ name: 'Meera', category: 'PRIMARY' }) } }));
    const { user, router } = renderRoute('/admin/users/new', {
      mocks: [
        {
          request: {
            query: CreateUserDocument,
            variables: {
              input: {
                name: 'Meera',
                email: 'meera@example.org',
                phone: '9876543210',
                category: 'PRIMARY',
                status: 'ACTIVE',
                schoolName: 'City School',
                district: 'Prayagraj',
                area: 'Civil Lines',
              },
            },
          },
          result: created,
        },
        usersList,
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Meera');
    await user.type(screen.getByLabelText(/^Email/), 'meera@example.org');
    await user.type(screen.getByLabelText(/^Phone/), '9876543210');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'PRIMARY');
    await user.type(screen.getByLabelText(/^School name/), 'City School');
    await user.type(screen.getByLabelText(/^District/), 'Prayagraj');
    await user.type(screen.getByLabelText(/^Area/), 'Civil Lines');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(await screen.findByText('User created')).toBeInTheDocument();
  });

  it("shows the server's error, or 'Error submitting form'", async () => {
    const existing = makeUser({ id: 'u-7', name: 'Sita', email: 'sita@example.org', category: 'GRADUATE', status: 'ACTIVE' });
    const { user } = renderRoute('/admin/users/edit/u-7', {
      mocks: [
        { request: { query: AdminUserDocument, variables: { id: 'u-7' } }, result: { data: { user: existing } } },
        { request: { query: UpdateUserDocument, variables: anyVariables }, result: gqlError('This email is already in use', 'CONFLICT') },
        { request: { query: UpdateUserDocument, variables: anyVariables }, result: gqlError('Something went wrong. Please try again.', 'INTERNAL') },
      ],
    });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Sita');
    // On edit the password may stay empty.
    await user.click(screen.getByRole('button', { name: 'Save user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already in use');
    await user.click(screen.getByRole('button', { name: 'Save user' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error submitting form'));
  });
});
