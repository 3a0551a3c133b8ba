import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MockedProvider } from '@apollo/client/testing/react';
import { eventDetail } from '@/testing/fixtures';
import { hydrateServerHtml } from '@/testing/hydrate';
import { RegisterButton } from './register-button';

// An event page drawn by the site server shows Register Now before the app is live; a tap then would do
// nothing, so the button is disabled in the server's HTML and enabled once the page has hydrated.
function Button() {
  return (
    <MockedProvider>
      <MemoryRouter>
        <RegisterButton event={eventDetail()} />
      </MemoryRouter>
    </MockedProvider>
  );
}

describe('RegisterButton drawn by the server', () => {
  it('is disabled in the HTML and works once hydrated', async () => {
    const html = renderToString(<Button />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Register Now<\/button>/);
    const page = await hydrateServerHtml(html, <Button />);
    try {
      expect(page.container.querySelector('button')).toBeEnabled();
      expect(page.errors).not.toHaveBeenCalled();
    } finally {
      page.cleanup();
    }
  });
});
