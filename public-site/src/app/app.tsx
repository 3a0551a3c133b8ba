import type { ServedPage } from '@/rendering/served-page';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ served = null }: { served?: ServedPage | null }) {
  return (
    <AppProvider served={served}>
      <AppRouter />
    </AppProvider>
  );
}
