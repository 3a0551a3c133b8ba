import { screen, waitFor } from '@testing-library/react';
import { PendingStudentsDocument, PendingTeachersDocument, SetApprovalStatusDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { anyVariables, gqlError, makeUser, page } from '@/testing/mocks';

const teachers = [
  makeUser({ id: 't-1', name: 'Anil Teacher', category: 'PRIMARY', schoolName: 'City School' }),
  makeUser({ id: 't-2', name: 'Bina Teacher', category: 'PRIMARY', status: null }),
];
const teachersMock = { request: { query: PendingTeachersDocument, variables: anyVariables }, result: { data: { teachers: page(teachers, 'UserPage') } }, maxUsageCount: 5 };

const approvalMock = (userIds: string[], status: string, updated: number) => {
  const fn = jest.fn(() => ({ data: { setApprovalStatus: { __typename: 'ApprovalPayload', updated, message: 'ok' } } }));
  return { fn, mock: { request: { query: SetApprovalStatusDocument, variables: { input: { userIds, status } } }, result: fn } };
};

describe('approvals', () => {
  it('asks for a selection before approving or rejecting', async () => {
    const { user } = renderRoute('/admin/teachers', { mocks: [teachersMock] });
    await screen.findByText('Anil Teacher');
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select at least one student to approve or reject.');
  });

  it('says how many teachers were rejected when Reject Selected was chosen', async () => {
    const reject = approvalMock(['t-2'], 'REJECTED', 1);
    const { user } = renderRoute('/admin/teachers', { mocks: [teachersMock, reject.mock] });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bina Teacher' }));
    await user.click(screen.getByRole('button', { name: 'Reject Selected' }));
    await waitFor(() => expect(reject.fn).toHaveBeenCalled());
    expect(await screen.findByRole('status')).toHaveTextContent('1 teacher(s) rejected');
    expect(screen.queryByText(/approved/)).not.toBeInTheDocument();
  });

  it('select all approves every listed teacher and reports the count from the server', async () => {
    const approve = approvalMock(['t-1', 't-2'], 'APPROVED', 2);
    const { user } = renderRoute('/admin/teachers', { mocks: [teachersMock, approve.mock] });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Anil Teacher' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 teacher(s) approved');
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('lists students with a Pending badge for a missing status and reports failures', async () => {
    const students = [makeUser({ id: 's-1', name: 'Chhotu', status: null, fatherName: 'Ramesh', createdBy: { __typename: 'UserRef', id: 't-1', name: 'Anil Teacher', email: 'a@example.org' } })];
    const { user } = renderRoute('/admin/students', {
      mocks: [
        { request: { query: PendingStudentsDocument, variables: anyVariables }, result: { data: { students: page(students, 'UserPage') } }, maxUsageCount: 3 },
        { request: { query: SetApprovalStatusDocument, variables: anyVariables }, result: gqlError('Something went wrong. Please try again.', 'INTERNAL') },
      ],
    });
    expect(await screen.findByText('Chhotu')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Anil Teacher')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Chhotu' }));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform bulk action');
  });

  it("shows 'No students found.' for an empty list", async () => {
    renderRoute('/admin/students', { mocks: [{ request: { query: PendingStudentsDocument, variables: anyVariables }, result: { data: { students: page([], 'UserPage') } } }] });
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
  });
});
