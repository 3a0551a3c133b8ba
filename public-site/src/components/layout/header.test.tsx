import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadPage } from '@/lib/reload';
import { meMock, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { Header } from './header';

jest.mock('@/lib/reload', () => ({ reloadPage: jest.fn(), goToPage: jest.fn(), replacePage: jest.fn() }));

describe('Header account area', () => {
  beforeEach(() => window.localStorage.clear());

  it('signed out: a Login link', () => {
    renderWithProviders(<Header />);
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it("signed in: the user's name opens My Profile and Logout; Logout removes the tokens and reloads", async () => {
    window.localStorage.setItem('authToken', 'jwt');
    window.localStorage.setItem('token', 'jwt');
    const user = userEvent.setup();
    renderWithProviders(<Header />, { mocks: [meMock(viewer({ name: 'Asha Verma' }))] });
    const button = await screen.findByRole('button', { name: 'Account menu for Asha Verma' });
    expect(button).toHaveTextContent('Asha Verma');
    // The mobile menu links /logout.
    expect(screen.getByRole('link', { name: 'Logout', hidden: true })).toHaveAttribute('href', '/logout');
    const profileLinks = screen.queryAllByRole('link', { name: 'My Profile' }).length; // the mobile menu's (jsdom shows it)
    await user.click(button);
    expect(screen.getAllByRole('link', { name: 'My Profile' })).toHaveLength(profileLinks + 1);
    expect(screen.getAllByRole('link', { name: 'My events' })[0]).toHaveAttribute('href', '/my-events');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(reloadPage).toHaveBeenCalled();
  });
});

describe('Header phone menu', () => {
  // jsdom has no popover API: React opens and closes the menu, as in browsers without one.
  it('opens and closes with the button, says which it does, and closes after navigating', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const menu = document.getElementById('mobile-menu')!;
    expect(menu).toHaveAttribute('popover', 'auto');
    expect(menu).not.toHaveAttribute('data-open');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu).toHaveAttribute('data-open');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: 'About' }));
    expect(menu).not.toHaveAttribute('data-open');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
