import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

function Page() {
  return <h1>The page</h1>;
}

const renderInSuspense = (Component: (props: object) => React.JSX.Element) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Component />
    </Suspense>,
  );

describe('lazyPart', () => {
  it('renders at once, without the loading fallback, once preloaded', async () => {
    const load = jest.fn(async () => ({ default: Page }));
    const LazyPage = lazyPart(load);
    await LazyPage.preload();
    renderInSuspense(LazyPage);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when rendered before its chunk has loaded', async () => {
    const LazyPage = lazyPart(async () => ({ default: Page }));
    renderInSuspense(LazyPage);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('loads the chunk once however often it is preloaded', async () => {
    const load = jest.fn(async () => ({ default: Page }));
    const LazyPage = lazyPart(load);
    await Promise.all([LazyPage.preload(), LazyPage.preload()]);
    await LazyPage.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a chunk failed to load', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Page }>, []>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({ default: Page });
    const LazyPage = lazyPart(load);
    await expect(LazyPage.preload()).rejects.toThrow('network down');
    await act(() => LazyPage.preload());
    renderInSuspense(LazyPage);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
