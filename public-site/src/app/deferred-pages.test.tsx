import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { dataLayerLoaded, resetDataLayerForTests, wantDataLayer } from '@/rendering/data-layer-loader';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// The data layer, as the browser fetches it: its client answers the contact form's mutation.
jest.mock('@/rendering/data-layer', () => ({
  apolloClient: {
    mutate: jest.fn(async () => ({ data: { submitContact: { success: true, message: 'ok' } } })),
  },
}));
const layer = jest.requireMock('@/rendering/data-layer') as { apolloClient: { mutate: jest.Mock } };

function openPage(path: string) {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('pages that only write render without the data layer (signed out)', () => {
  // Each test is a new page load, before the reader's first interaction.
  beforeEach(() => {
    resetDataLayerForTests();
    window.localStorage.clear();
  });
  afterAll(() => wantDataLayer());
  // The footer's visitor counter posts with fetch (no Apollo): answered here.
  beforeAll(() => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ visitorCount: 7 }) })) as unknown as typeof fetch;
  });

  it.each([
    ['login', paths.login.getHref(), 'Login'],
    ['register', paths.register.getHref(), 'Create your account'],
    ['contact', paths.contact.getHref(), 'Contact Us'],
  ])('%s: the page and its form, with nothing of Apollo fetched', async (_name, path, heading) => {
    openPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    expect(dataLayerLoaded()).toBe(false);
  });

  it('contact: sending the form fetches the data layer and sends the message with it', async () => {
    const user = userEvent.setup();
    openPage(paths.contact.getHref());
    await screen.findByRole('heading', { level: 1, name: /Contact Us/ });
    await user.type(screen.getByLabelText(/^Name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.org');
    await user.type(screen.getByLabelText(/^Phone/), '9876543210');
    await user.type(screen.getByLabelText(/^Subject/), 'Volunteering');
    await user.type(screen.getByLabelText(/^Message/), 'I would like to teach on Sundays.');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText(/Thank you/)).toBeInTheDocument();
    expect(dataLayerLoaded()).toBe(true);
    expect(layer.apolloClient.mutate).toHaveBeenCalledWith(
      expect.objectContaining({ variables: { input: expect.objectContaining({ name: 'Asha Verma', subject: 'Volunteering' }) } }),
    );
  });
});
