import { renderToString } from 'react-dom/server';
import { hydrateServerHtml } from '@/testing/hydrate';
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
    const page = await hydrateServerHtml(html, <Button />);
    try {
      expect(page.container.querySelector('button')).toBeEnabled();
      expect(page.errors).not.toHaveBeenCalled();
    } finally {
      page.cleanup();
    }
  });
});
