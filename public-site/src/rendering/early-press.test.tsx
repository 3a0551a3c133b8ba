import { useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { earlyPress, useEarlyPresses } from './early-press';

// The page's early script (public/early-press.js), as the browser runs it before the app.
require('../../public/early-press.js');

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const group = useRef<HTMLDivElement>(null);
  useEarlyPresses(group);
  return (
    <div ref={group}>
      <button type="button" onClick={() => setCount((c) => c + 1)} {...earlyPress(name)}>
        Next
      </button>
      <output>{count}</output>
    </div>
  );
}

function served(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  return container;
}

const press = (container: HTMLElement) => container.querySelector('button')!.click();
const shown = (container: HTMLElement) => container.querySelector('output')!.textContent;

afterEach(() => {
  document.body.innerHTML = '';
  window.__earlyPresses!.queue = [];
});

describe('presses before the page is live', () => {
  it('are pressed again, as often, once the control has hydrated', async () => {
    const container = served(renderToString(<Counter name="a" />));
    press(container);
    press(container);
    expect(shown(container)).toBe('0');
    await act(async () => {
      hydrateRoot(container, <Counter name="a" />);
    });
    expect(shown(container)).toBe('2');
    expect(window.__earlyPresses!.queue).toHaveLength(0);
  });

  it('find the same control in a page rendered afresh (a signed-in reader)', async () => {
    const container = served(renderToString(<Counter name="b" />));
    press(container);
    await act(async () => {
      createRoot(container).render(<Counter name="b" />);
    });
    expect(shown(container)).toBe('1');
  });

  it('are not kept once the control is live: a press then counts once, and once only', async () => {
    const container = served(renderToString(<Counter name="c" />));
    let root: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Counter name="c" />);
    });
    await act(async () => press(container));
    expect(shown(container)).toBe('1');
    expect(window.__earlyPresses!.queue).toHaveLength(0);
    // Drawn again later (another visit to the page in the app): nothing is pressed for it.
    await act(async () => root.render(<Counter name="c" key="again" />));
    expect(shown(container)).toBe('0');
  });

  it('leave a press on another control for its own group', async () => {
    const container = served(renderToString(<Counter name="d" />));
    const other = served(renderToString(<Counter name="e" />));
    press(other);
    await act(async () => {
      hydrateRoot(container, <Counter name="d" />);
    });
    expect(shown(container)).toBe('0');
    expect(window.__earlyPresses!.queue.map((p) => p.key)).toEqual(['e']);
  });
});
