import { Route, Routes, useNavigate } from 'react-router-dom';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { RootLayout } from './root-layout';

jest.mock('./header', () => ({ Header: () => null }));
jest.mock('./footer', () => ({ Footer: () => null }));

let go: (to: string) => void = () => {};
function Page({ name }: { name: string }) {
  go = useNavigate();
  return <p>{name}</p>;
}

describe('RootLayout scroll', () => {
  it('leaves the page the document was loaded at where the reader scrolled it, and opens the next at its top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithProviders(
      <Routes>
        <Route element={<RootLayout routes={[]} />}>
          <Route path="/" element={<Page name="home" />} />
          <Route path="/events" element={<Page name="events" />} />
        </Route>
      </Routes>,
    );
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(async () => go('/events'));
    expect(screen.getByText('events')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
