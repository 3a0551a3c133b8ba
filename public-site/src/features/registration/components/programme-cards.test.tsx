import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@/testing/render';
import { ProgrammeCards } from './programme-cards';

function renderCards() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<ProgrammeCards />} />
      <Route path="/add-student" element={<p>add student page</p>} />
    </Routes>,
  );
}

describe('ProgrammeCards', () => {
  it('opens the registration dialog with the graduate or secondary category', async () => {
    const user = userEvent.setup();
    renderCards();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register for Graduates & Above' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register for Graduates & Above' });
    expect(dialog).toHaveAttribute('data-category', 'graduate');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register for Grade 12th and below' }));
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-category', 'secondary');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the Primary Students card to /add-student', async () => {
    const user = userEvent.setup();
    renderCards();
    await user.click(screen.getByRole('button', { name: 'Register for Primary Students' }));
    expect(screen.getByText('add student page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
