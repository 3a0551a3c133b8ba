import { screen } from '@testing-library/react';
import { AuditLogDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { anyVariables } from '@/testing/mocks';

const entry = {
  __typename: 'AuditEntry',
  id: 'a-1',
  actorEmail: 'admin@example.org',
  action: 'event.update',
  entityType: 'event',
  entityId: 'ev-1',
  before: '{"title":"Old title"}',
  after: '{"title":"New title"}',
  createdAt: '2026-02-01T06:30:00.000Z',
};

describe('/admin/audit', () => {
  it('shows who did what and expands the before/after JSON', async () => {
    const { user } = renderRoute('/admin/audit', {
      mocks: [{ request: { query: AuditLogDocument, variables: anyVariables }, result: { data: { auditLog: { __typename: 'AuditPage', items: [entry], total: 1 } } } }],
    });
    expect(await screen.findByText('event.update')).toBeInTheDocument();
    expect(screen.getByText('admin@example.org')).toBeInTheDocument();
    expect(screen.queryByText(/Old title/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show changes' }));
    expect(screen.getByText(/"title": "Old title"/)).toBeInTheDocument();
    expect(screen.getByText(/"title": "New title"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
  });
});
