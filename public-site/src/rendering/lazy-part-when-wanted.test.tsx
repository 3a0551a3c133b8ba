import { Suspense, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { dataLayerContext, dataLayerLoaded, resetDataLayerForTests, wantDataLayer, wantDataLayerOnFirstInteraction } from '@/rendering/data-layer-loader';
import { hydrateServerHtml } from '@/testing/hydrate';
import { lazyPart, preloadWhenWantedParts } from './lazy-part';

jest.mock('@/rendering/data-layer', () => ({ apolloClient: { name: 'the data layer' } }));

/** The part: a counter whose button works only once it has hydrated. */
function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((v) => v + 1)}>
      {label} {n}
    </button>
  );
}

/** A page with one data part, as a new page load defines it (a part of its own, not loaded yet). */
function newPage() {
  const load = jest.fn(() => Promise.resolve({ default: Counter as ComponentType<{ label: string }> }));
  const Part = lazyPart(load, { data: 'when-wanted' });
  function Page() {
    return (
      <div>
        <p>static</p>
        <Suspense fallback={<p>fallback</p>}>
          <Part label="clicked" />
        </Suspense>
      </div>
    );
  }
  return { Page, load };
}

describe("lazyPart with data 'when-wanted'", () => {
  // setup-tests.ts wants the data layer for every other test; each of these starts as a new page load.
  beforeEach(() => resetDataLayerForTests());
  afterAll(() => wantDataLayer());

  it('is drawn whole on the server, stays as drawn while the browser hydrates the page, and hydrates once the data layer is wanted', async () => {
    // The server: every part loaded, nothing suspends.
    const server = newPage();
    await preloadWhenWantedParts();
    const html = renderToString(<server.Page />);
    expect(html).toContain('clicked<!-- --> <!-- -->0');
    expect(html).not.toContain('fallback');

    // The browser, a new page load.
    resetDataLayerForTests();
    const browser = newPage();
    const page = await hydrateServerHtml(html, <browser.Page />);
    try {
      // Not wanted yet: nothing fetched, the server's HTML in place (not the fallback), and not live.
      expect(browser.load).not.toHaveBeenCalled();
      expect(dataLayerLoaded()).toBe(false);
      expect(screen.getByRole('button')).toHaveTextContent('clicked 0');
      expect(screen.queryByText('fallback')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button'));
      expect(screen.getByRole('button')).toHaveTextContent('clicked 0');

      await act(async () => {
        wantDataLayer();
      });
      expect(browser.load).toHaveBeenCalledTimes(1);
      expect(dataLayerLoaded()).toBe(true);
      expect(dataLayerContext.client).toEqual({ name: 'the data layer' });
      fireEvent.click(screen.getByRole('button'));
      expect(screen.getByRole('button')).toHaveTextContent('clicked 1');
      // Hydrated in place: no mismatch, nothing rendered afresh.
      expect(page.errors).not.toHaveBeenCalled();
    } finally {
      page.cleanup();
    }
  });

  it('shows its fallback when rendered afresh before the data layer is wanted, then the part after the first interaction', async () => {
    const browser = newPage();
    render(<browser.Page />);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => {
      await Promise.resolve();
    });
    expect(browser.load).not.toHaveBeenCalled();
    wantDataLayerOnFirstInteraction();
    await act(async () => {
      window.dispatchEvent(new Event('keydown'));
    });
    expect(await screen.findByRole('button')).toHaveTextContent('clicked 0');
    expect(browser.load).toHaveBeenCalledTimes(1);
  });
});
