import { screen, waitFor } from '@testing-library/react';
import { ContactSubmissionDocument, ContactSubmissionsDocument, UpdateContactStatusDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { anyVariables, gqlError } from '@/testing/mocks';

const contact = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'ContactSubmission',
  id: 'c-1',
  name: 'Kavita',
  email: 'kavita@example.org',
  phone: null,
  subject: 'Volunteering',
  message: 'I would like to help on weekends.',
  status: 'NEW',
  createdAt: '2026-01-10T05:00:00.000Z',
  updatedAt: '2026-01-10T05:00:00.000Z',
  ...overrides,
});
const detailMock = { request: { query: ContactSubmissionDocument, variables: { id: 'c-1' } }, result: { data: { contactSubmission: contact() } } };

describe('contact details', () => {
  it("shows the query with 'N/A' for a missing phone and saves a status change at once", async () => {
    const update = jest.fn(() => ({ data: { updateContactStatus: contact({ status: 'IN_PROGRESS' }) } }));
    const { user } = renderRoute('/admin/contacts/c-1', {
      mocks: [detailMock, { request: { query: UpdateContactStatusDocument, variables: { id: 'c-1', status: 'IN_PROGRESS' } }, result: update }],
    });
    expect(await screen.findByText('I would like to help on weekends.')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    const select = screen.getByLabelText('Status');
    expect(select).toHaveValue('NEW');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['new', 'in-progress', 'resolved']);
    await user.selectOptions(select, 'IN_PROGRESS');
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('IN_PROGRESS'));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
  });

  it("says 'Failed to update status.' when saving fails and keeps the old status", async () => {
    const { user } = renderRoute('/admin/contacts/c-1', {
      mocks: [detailMock, { request: { query: UpdateContactStatusDocument, variables: anyVariables }, result: gqlError('nope', 'INTERNAL') }],
    });
    await user.selectOptions(await screen.findByLabelText('Status'), 'RESOLVED');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update status.');
    expect(screen.getByLabelText('Status')).toHaveValue('NEW');
  });

  it("shows 'No contact data available' for an unknown id", async () => {
    renderRoute('/admin/contacts/c-404', {
      mocks: [{ request: { query: ContactSubmissionDocument, variables: { id: 'c-404' } }, result: gqlError('Contact submission not found', 'NOT_FOUND') }],
    });
    expect(await screen.findByText('No contact data available')).toBeInTheDocument();
  });
});

describe('contact list', () => {
  it('shows the empty and failure texts', async () => {
    renderRoute('/admin/contacts', {
      mocks: [{ request: { query: ContactSubmissionsDocument, variables: anyVariables }, result: { data: { contactSubmissions: { __typename: 'ContactPage', items: [], total: 0 } } } }],
    });
    expect(await screen.findByText('No contact submissions found.')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    renderRoute('/admin/contacts', {
      mocks: [{ request: { query: ContactSubmissionsDocument, variables: anyVariables }, result: gqlError('down', 'INTERNAL') }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch contact submissions.');
  });
});
