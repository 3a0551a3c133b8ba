import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ListState } from './list-state';

const list = (props: Partial<Parameters<typeof ListState<string[]>>[0]> = {}) => (
  <ListState<string[]> data={undefined} loading={false} onRetry={() => {}} empty="Nothing here yet." {...props}>
    {(items) => (
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )}
  </ListState>
);

describe('ListState', () => {
  it('shows the spinner until the first answer', () => {
    render(list({ loading: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure with the server’s message and a retry, or the given message', async () => {
    const onRetry = jest.fn();
    const error = new CombinedGraphQLErrors({ errors: [{ message: 'You do not have permission to do this', extensions: { code: 'FORBIDDEN' } }] });
    const { rerender } = render(list({ error, onRetry }));
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(list({ error: new TypeError('Failed to fetch'), errorMessage: 'Could not load the audit log.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the audit log.');
  });

  it('says so when there is nothing', () => {
    render(list({ data: [] }));
    expect(screen.getByText('Nothing here yet.')).toHaveClass('empty-state');
  });

  it('reads a page by its items', () => {
    const page = (items: string[]) => (
      <ListState data={{ items, total: items.length }} loading={false} onRetry={() => {}} empty="No entries.">
        {(p) => <p>{p.total} entries</p>}
      </ListState>
    );
    const { rerender } = render(page([]));
    expect(screen.getByText('No entries.')).toBeInTheDocument();
    rerender(page(['a']));
    expect(screen.getByText('1 entries')).toBeInTheDocument();
  });

  it('keeps what it has while a refetch runs or fails', () => {
    const { rerender } = render(list({ data: ['a', 'b'], loading: true }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(list({ data: ['a', 'b'], error: new Error('boom') }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
