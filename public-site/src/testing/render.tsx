import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';

interface Options {
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  route?: string | { pathname: string; state?: unknown };
  wrapper?: (children: ReactNode) => ReactNode;
}

/** Renders with a mocked Apollo client and an in-memory router. */
export function renderWithProviders(ui: ReactElement, { mocks = [], route = '/', wrapper }: Options = {}) {
  const content = wrapper ? wrapper(ui) : ui;
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[route]}>{content}</MemoryRouter>
    </MockedProvider>,
  );
}
