import { screen, waitFor, within } from '@testing-library/react';
import { AdminUsersDocument, DeleteUserDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { makeUser, page } from '@/testing/mocks';

type Vars = { filter?: { category?: string; status?: string; search?: string } };

describe('/admin/users', () => {
  it('reads the category filter from the URL, writes changes back, and shows the empty text', async () => {
    const { user, router } = renderRoute('/admin/users?category=student', {
      mocks: [
        {
          request: { query: AdminUsersDocument, variables: (v: Vars) => v.filter?.category === 'STUDENT' },
          result: { data: { users: page([makeUser({ name: 'Pupil One', status: null })], 'UserPage') } },
        },
        { request: { query: AdminUsersDocument, variables: (v: Vars) => v.filter?.category === 'ADMIN' }, result: { data: { users: page([], 'UserPage') } } },
      ],
    });
    const row = (await screen.findByText('Pupil One')).closest('tr')!;
    // A missing status shows Pending.
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by category')).toHaveValue('student');
    expect(screen.getByRole('option', { name: 'Primary Students' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Teachers' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by category'), 'admin');
    expect(router.state.location.search).toBe('?category=admin');
    expect(await screen.findByText('No users found matching your criteria')).toBeInTheDocument();
  });

  it('asks before deleting a user', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const deleted = jest.fn(() => ({ data: { deleteUser: { __typename: 'DeletePayload', id: 'u-1', message: 'User deleted' } } }));
    const { user } = renderRoute('/admin/users', {
      mocks: [
        { request: { query: AdminUsersDocument, variables: () => true }, result: { data: { users: page([makeUser({ id: 'u-1', name: 'Gone Soon' })], 'UserPage') } }, maxUsageCount: 3 },
        { request: { query: DeleteUserDocument, variables: { id: 'u-1' } }, result: deleted },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Gone Soon' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this user?');
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    confirm.mockRestore();
  });
});
