import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { useLive } from './use-live';

function Button() {
  const live = useLive();
  return (
    <button type="button" disabled={!live}>
      Register Now
    </button>
  );
}

describe('useLive', () => {
  it('is false in the server\'s HTML and true once the page has hydrated, without a mismatch', async () => {
    const html = renderToString(<Button />);
    expect(html).toContain('disabled=""');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await act(async () => {
        hydrateRoot(container, <Button />, { onRecoverableError: (error) => console.error(error) });
      });
      expect(container.querySelector('button')).toBeEnabled();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });
});
