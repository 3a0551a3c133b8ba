import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { lazyPart } from '@/rendering/lazy-part';
import { LoadingDialog } from './loading-dialog';

/** A dialog as the site writes one: a lazyPart (with the data layer) inside a LoadingDialog. */
function lazyDialog<P extends { onClose: () => void }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Part = lazyPart(load, { data: 'now' });
  function Dialog({ loadingLabel, ...props }: P & { loadingLabel?: string }) {
    return (
      <LoadingDialog onClose={props.onClose} loadingLabel={loadingLabel}>
        <Part {...(props as unknown as P)} />
      </LoadingDialog>
    );
  }
  return Object.assign(Dialog, { preload: Part.preload });
}

function Hello({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Hello">
      Hello {name}
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  );
}

/** A load() the test resolves or rejects by hand. */
function controlledLoad() {
  const calls: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const load = jest.fn(
    () =>
      new Promise<{ default: typeof Hello }>((resolve, reject) => {
        calls.push({ resolve: () => resolve({ default: Hello }), reject });
      }),
  );
  return { load, calls };
}

describe('a lazyPart dialog in a LoadingDialog', () => {
  beforeEach(() => {
    // React reports the error an error boundary caught; the boundary logs it too.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('fetches nothing until rendered, shows the loading label meanwhile, then the dialog with its props', async () => {
    const { load, calls } = controlledLoad();
    const Dialog = lazyDialog(load);
    expect(load).not.toHaveBeenCalled();
    render(<Dialog name="Asha" onClose={() => {}} loadingLabel="Opening the registration form..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Opening the registration form...');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0].resolve());
    expect(screen.getByRole('dialog', { name: 'Hello' })).toHaveTextContent('Hello Asha');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('re-rendering the open dialog keeps it (and what was typed in it) once its chunk has arrived', async () => {
    const user = userEvent.setup();
    function Typing({ label }: { label: string; onClose: () => void }) {
      const [value, setValue] = useState('');
      return (
        <label>
          {label}
          <input value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
      );
    }
    const Dialog = lazyDialog(async () => ({ default: Typing }));
    const { rerender } = render(<Dialog label="Name" onClose={() => {}} />);
    await user.type(await screen.findByLabelText('Name'), 'Asha');
    rerender(<Dialog label="Full name" onClose={() => {}} />);
    expect(screen.getByLabelText('Full name')).toHaveValue('Asha');
  });

  it('once preloaded, opens at once without a loading state, and loads only once', async () => {
    const load = jest.fn(async () => ({ default: Hello }));
    const Dialog = lazyDialog(load);
    await Promise.all([Dialog.preload(), Dialog.preload()]);
    const { unmount } = render(<Dialog name="Ravi" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Hello' })).toHaveTextContent('Hello Ravi');
    unmount();
    render(<Dialog name="Meera" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Hello' })).toHaveTextContent('Hello Meera');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot be fetched gives an alert with Try again (which fetches again) and Close; the page stays', async () => {
    const user = userEvent.setup();
    const { load, calls } = controlledLoad();
    const Dialog = lazyDialog(load);
    const onClose = jest.fn();
    render(
      <main>
        <h1>The page</h1>
        <Dialog name="Asha" onClose={onClose} />
      </main>,
    );
    await act(async () => calls[0].reject(new Error('Failed to fetch dynamically imported module')));
    const alert = screen.getByRole('alertdialog');
    expect(alert).toHaveTextContent('Could not reach the server. Please check your connection.');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await act(async () => calls[1].resolve());
    expect(screen.getByRole('dialog', { name: 'Hello' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Close and Escape on the failure alert close the dialog', async () => {
    const user = userEvent.setup();
    const Dialog = lazyDialog<{ name: string; onClose: () => void }>(() => Promise.reject(new Error('offline')));
    const onClose = jest.fn();
    render(<Dialog name="Asha" onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
