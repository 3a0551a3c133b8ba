import { screen, within } from '@testing-library/react';
import { ApiKeysDocument, CreateApiKeyDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';

const key = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ApiKey',
  id,
  name: 'District dashboard',
  prefix: 'gjk_AbCdEfGh',
  scopes: ['registrations:read'],
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2030-04-01T04:30:00.000Z',
  ...overrides,
});
const list = (keys: unknown[]) => ({ request: { query: ApiKeysDocument }, result: { data: { apiKeys: keys } } });

jest.setTimeout(30_000);

describe('/admin/integrations/api-keys', () => {
  it('asks for a name and a scope, then shows the new key once and lists it without the key', async () => {
    const made = 'gjk_' + 'x'.repeat(43);
    const create = jest.fn(() => ({ data: { createApiKey: { __typename: 'CreatedApiKeyPayload', id: 'k2', key: made } } }));
    const { user } = renderRoute('/admin/integrations/api-keys', {
      mocks: [
        list([key('k1', { revokedAt: '2030-04-02T04:30:00.000Z', name: 'Old script' })]),
        { request: { query: CreateApiKeyDocument, variables: { input: { name: 'Door app', scopes: ['attendance:write'], expiresAt: null } } }, result: create },
        list([key('k2', { name: 'Door app', scopes: ['attendance:write'], prefix: made.slice(0, 12) }), key('k1', { revokedAt: '2030-04-02T04:30:00.000Z', name: 'Old script' })]),
      ],
    });
    const oldRow = (await screen.findByText('Old script')).closest('tr') as HTMLElement;
    expect(within(oldRow).getByText('Revoked')).toBeInTheDocument();
    expect(within(oldRow).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Name/), 'Door app');
    await user.click(screen.getByRole('checkbox', { name: /attendance:write/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('The new key')).toHaveValue(made);
    expect(create).toHaveBeenCalledTimes(1);
    const newRow = (await screen.findByText('Door app')).closest('tr') as HTMLElement;
    expect(within(newRow).getByText(`${made.slice(0, 12)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('The new key')).toBeNull();
    expect(screen.queryByDisplayValue(made)).toBeNull();
  });
});
