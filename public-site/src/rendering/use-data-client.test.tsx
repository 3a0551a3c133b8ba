import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApolloClient } from '@apollo/client';
import { AppProvider } from '@/app/provider';
import { RegisterForEventDocument } from '@/gql/graphql';
import { dataLayerLoaded, resetDataLayerForTests, wantDataLayer } from './data-layer-loader';
import { useDataMutation } from './use-data-client';

// The data layer's client, as the browser fetches it: answers every mutation once `answer` is called.
jest.mock('./data-layer', () => {
  const pending: Array<() => void> = [];
  return {
    pending,
    apolloClient: {
      mutate: jest.fn(() => new Promise((resolve) => pending.push(() => resolve({ data: { registerForEvent: { success: true } } })))),
    },
  };
});
const layer = jest.requireMock('./data-layer') as { pending: Array<() => void>; apolloClient: { mutate: jest.Mock } };

function RegisterNow() {
  const [register, { loading }] = useDataMutation(RegisterForEventDocument);
  return (
    <button type="button" onClick={() => void register({ variables: { eventId: 'ev-1' } })}>
      {loading ? 'Registering...' : 'Register Now'}
    </button>
  );
}

describe('useDataMutation', () => {
  beforeEach(() => {
    resetDataLayerForTests();
    layer.apolloClient.mutate.mockClear();
    layer.pending.length = 0;
  });
  afterAll(() => wantDataLayer());

  it('renders without the data layer, fetches it on the click, and is loading until the answer', async () => {
    const user = userEvent.setup();
    render(
      <AppProvider>
        <RegisterNow />
      </AppProvider>,
    );
    expect(dataLayerLoaded()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(dataLayerLoaded()).toBe(true);
    expect(layer.apolloClient.mutate).toHaveBeenCalledWith({ mutation: RegisterForEventDocument, variables: { eventId: 'ev-1' } });
    expect(screen.getByRole('button')).toHaveTextContent('Registering...');
    await act(async () => layer.pending.forEach((answer) => answer()));
    expect(screen.getByRole('button')).toHaveTextContent('Register Now');
  });

  it("uses the client of Apollo's context when there is one (the server renderer's, a test's), without the data layer", async () => {
    const user = userEvent.setup();
    const mutate = jest.fn(async () => ({ data: null }));
    render(
      <AppProvider client={{ mutate } as unknown as ApolloClient}>
        <RegisterNow />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(mutate).toHaveBeenCalledWith({ mutation: RegisterForEventDocument, variables: { eventId: 'ev-1' } });
    expect(layer.apolloClient.mutate).not.toHaveBeenCalled();
    expect(dataLayerLoaded()).toBe(false);
  });
});
