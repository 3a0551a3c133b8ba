import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { apolloClient } from '@/lib/apollo-client';
import { setUnauthenticatedHandler } from '@/lib/unauthenticated';
import { Loading } from '@/components/ui/loading';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  useEffect(() => {
    // An expired or revoked token anywhere: forget cached admin data and sign in again.
    setUnauthenticatedHandler(() => {
      void apolloClient.clearStore();
      if (router.state.location.pathname !== paths.login.path) void router.navigate(paths.login.getHref(), { replace: true });
    });
    return () => setUnauthenticatedHandler(null);
  }, [router]);
  return (
    <AppProvider>
      <Suspense fallback={<Loading />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
