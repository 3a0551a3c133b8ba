import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { RecordVisitDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { resetVisitForTests } from '../api/record-visit';
import { VisitorCounter } from './visitor-counter';

function mocks(result: jest.Mock) {
  return [{ request: { query: RecordVisitDocument }, result, maxUsageCount: 10 }];
}

describe('VisitorCounter', () => {
  beforeEach(() => resetVisitForTests());
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('records the visit once per page load, even under StrictMode and re-mounts', async () => {
    const result = jest.fn(() => ({ data: { recordVisit: { __typename: 'VisitPayload', visitorCount: 123456 } } }));
    const { rerender, unmount } = render(
      <StrictMode>
        <MockedProvider mocks={mocks(result)}>
          <VisitorCounter />
        </MockedProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
    expect(screen.getByText('people visited our site')).toBeInTheDocument();

    rerender(
      <StrictMode>
        <MockedProvider mocks={mocks(result)}>
          <VisitorCounter />
        </MockedProvider>
      </StrictMode>,
    );
    unmount();
    // A route change re-renders or even re-mounts the footer: still the same single visit.
    render(
      <MockedProvider mocks={mocks(result)}>
        <VisitorCounter />
      </MockedProvider>,
    );
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(1);
  });

  it('formats the count for Hindi', async () => {
    const result = jest.fn(() => ({ data: { recordVisit: { __typename: 'VisitPayload', visitorCount: 1500 } } }));
    await act(() => setLanguage('hi'));
    render(
      <MockedProvider mocks={mocks(result)}>
        <VisitorCounter />
      </MockedProvider>,
    );
    expect(await screen.findByTestId('visitor-count')).toHaveTextContent(new Intl.NumberFormat('hi-IN').format(1500));
    expect(screen.getByText('लोग हमारी वेबसाइट पर आ चुके हैं')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
  });

  it('shows nothing when the visit cannot be recorded', async () => {
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(
      <MockedProvider mocks={[{ request: { query: RecordVisitDocument }, error: new Error('offline') }]}>
        <VisitorCounter />
      </MockedProvider>,
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    spy.mockRestore();
  });
});
