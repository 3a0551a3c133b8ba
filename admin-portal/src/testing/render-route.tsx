import { Suspense } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '@/app/router';
import { createCache } from '@/lib/apollo-client';
import { ADMIN_TOKEN_KEY } from '@/lib/session';
import { adminMeMock } from './mocks';

interface Options {
  mocks?: MockLink.MockedResponse[];
  /** Store a token and answer the admin check with an admin (default true). */
  signedIn?: boolean;
}

/** Renders the real route table at `path` with mocked GraphQL. */
export function renderRoute(path: string, { mocks = [], signedIn = true }: Options = {}) {
  if (signedIn) window.localStorage.setItem(ADMIN_TOKEN_KEY, 'test-token');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <MockedProvider mocks={signedIn ? [adminMeMock(), ...mocks] : mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </MockedProvider>,
  );
  return { router, user, ...utils };
}
