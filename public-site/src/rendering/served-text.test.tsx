import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ServedPageProvider, type ServedPage } from './served-page';
import { markServedPageHydrating, resetServedTextForTests, ServedText } from './served-text';
import { hydrateServerHtml } from '@/testing/hydrate';

const servedPage: ServedPage = { language: 'en', data: {}, key: 'default' };

/** Counts its renders: the work hydration does for the text. */
let drawn = 0;
function Title({ text }: { text: string }) {
  drawn += 1;
  return <h1>{text}</h1>;
}

function Page({ served, text = 'Career Guidance Camp' }: { served: ServedPage | null; text?: string }) {
  return (
    <ServedPageProvider value={served}>
      <MemoryRouter>
        <ServedText as="header" className="event-detail__header">
          {() => <Title text={text} />}
        </ServedText>
      </MemoryRouter>
    </ServedPageProvider>
  );
}

beforeEach(() => {
  drawn = 0;
  resetServedTextForTests();
});

test('the server draws the text', () => {
  expect(renderToString(<Page served={servedPage} />)).toContain('<header class="event-detail__header"><h1>Career Guidance Camp</h1></header>');
});

test('hydrating the drawn page keeps the text as drawn, without drawing it again, and without a mismatch', async () => {
  const html = renderToString(<Page served={servedPage} />);
  drawn = 0;
  markServedPageHydrating();
  const hydrated = await hydrateServerHtml(html, <Page served={servedPage} />);
  expect(drawn).toBe(0);
  expect(hydrated.container.innerHTML).toBe(html);
  expect(hydrated.errors).not.toHaveBeenCalled();
  hydrated.cleanup();
});

test('once the page is no longer the drawn one (another language, a reader signed in), the text is drawn once, live', async () => {
  const html = renderToString(<Page served={servedPage} />);
  markServedPageHydrating();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const { hydrateRoot } = await import('react-dom/client');
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Page served={servedPage} />);
  });
  drawn = 0;
  await act(async () => root.render(<Page served={null} text="शिविर" />));
  expect(drawn).toBe(1);
  expect(container.querySelectorAll('h1')).toHaveLength(1);
  expect(container.querySelector('h1')?.textContent).toBe('शिविर');
  await act(async () => root.unmount());
  container.remove();
});

test('a part mounted afresh while the page hydrates (no served HTML in it) draws its text before paint', () => {
  markServedPageHydrating();
  render(<Page served={servedPage} />);
  expect(screen.getByRole('heading', { name: 'Career Guidance Camp' })).toBeInTheDocument();
});

test('a page rendered in the browser (not hydrated) draws the text', () => {
  render(<Page served={servedPage} />);
  expect(screen.getByRole('heading', { name: 'Career Guidance Camp' })).toBeInTheDocument();
  expect(drawn).toBe(1);
});
