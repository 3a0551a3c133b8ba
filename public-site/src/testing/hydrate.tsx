import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';

/**
 * Puts `html` (a server's rendering) into the document and hydrates it with `ui`, as a browser does
 * with a prerendered page. `errors` records console.error and recoverable errors (a hydration mismatch
 * lands there); call `cleanup` when done.
 */
export async function hydrateServerHtml(html: string, ui: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: (error) => console.error('recoverable', error) });
  });
  return {
    container,
    errors,
    cleanup() {
      errors.mockRestore();
      container.remove();
    },
  };
}
