import { act, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { AdminEventDocument, CheckInDocument, EventRegistrantsDocument, UndoCheckInDocument } from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';
import { renderRoute } from '@/testing/render-route';
import { gqlError, makeEvent } from '@/testing/mocks';
import { QUEUE_KEY } from '../lib/queue';

const eventMock = {
  request: { query: AdminEventDocument, variables: { id: 'ev-1' } },
  result: { data: { event: makeEvent({ id: 'ev-1', title: 'Career camp' }) } },
};
const result = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'CheckInResult',
  userId: 'u-asha',
  name: 'Asha Verma',
  category: 'GRADUATE',
  checkedInAt: '2026-11-25T04:35:00.000Z',
  alreadyCheckedIn: false,
  success: true,
  message: 'Checked in',
  sessionId: 'session-1',
  ...overrides,
});
type Vars = { eventId: string; code?: string; userId?: string; scannedAt?: string };
const checkInMock = (match: (v: Vars) => boolean, res: MockLink.MockedResponse['result'] | undefined, extra: Partial<MockLink.MockedResponse> = {}): MockLink.MockedResponse => ({
  request: { query: CheckInDocument, variables: (v: Record<string, unknown>) => match(v as Vars) },
  ...(res ? { result: res } : {}),
  ...extra,
});
const byCode = (code: string) => (v: Vars) => v.eventId === 'ev-1' && v.code === code && typeof v.scannedAt === 'string';

const typeCode = async (user: ReturnType<typeof renderRoute>['user'], code: string) => {
  const input = await screen.findByRole('textbox', { name: 'Type the code' });
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Check in' }));
};
const resultCard = () => screen.getByTestId('check-in-result');

let onLine: jest.SpyInstance;
beforeEach(() => {
  onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => onLine.mockRestore());

describe('/admin/events/:id/check-in', () => {
  it('checks a typed code in (lower case, no dash) and shows the name and category in large type', async () => {
    const call = jest.fn(() => ({ data: { checkIn: result() } }));
    const { user } = renderRoute('/admin/events/ev-1/check-in', { mocks: [eventMock, checkInMock(byCode('ABCD-2345'), call)] });
    expect(await screen.findByText('Career camp')).toBeInTheDocument();
    await typeCode(user, 'abcd2345');
    const name = await within(resultCard()).findByText('Asha Verma');
    expect(name).toHaveClass('check-in-name');
    expect(within(resultCard()).getByText('Checked in')).toBeInTheDocument();
    expect(within(resultCard()).getByText('Graduate')).toHaveClass('check-in-category');
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Type the code' })).toHaveValue('');
  });

  it('says when the code was already used, with the time', async () => {
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [eventMock, checkInMock(byCode('ABCD-2345'), { data: { checkIn: result({ alreadyCheckedIn: true, message: 'Already checked in', checkedInAt: '2026-11-25T04:05:00.000Z' }) } })],
    });
    await typeCode(user, 'ABCD-2345');
    expect(await within(resultCard()).findByText('Already checked in')).toBeInTheDocument();
    expect(within(resultCard()).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(resultCard()).getByText(`This code was already used at ${formatDateTime('2026-11-25T04:05:00.000Z')}.`)).toBeInTheDocument();
  });

  it("shows another event's code and a void code with their messages", async () => {
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [
        eventMock,
        checkInMock(byCode('WXYZ-2345'), gqlError('This check-in code belongs to another event: "Science fair" on 2 Dec 2026', 'CHECKIN_OTHER_EVENT')),
        checkInMock(byCode('ABCD-9999'), gqlError('Unknown check-in code (the registration may have been cancelled)', 'NOT_FOUND')),
      ],
    });
    await typeCode(user, 'wxyz-2345');
    expect(await within(resultCard()).findByText("Another event's code")).toBeInTheDocument();
    expect(within(resultCard()).getByText(/belongs to another event: "Science fair"/)).toBeInTheDocument();

    await typeCode(user, 'abcd9999');
    expect(await within(resultCard()).findByText('Void or unknown code')).toBeInTheDocument();
    expect(within(resultCard()).getByText(/Unknown check-in code/)).toBeInTheDocument();
  });

  it('says check-in is not open, by the error code whatever the wording', async () => {
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [eventMock, checkInMock(byCode('WXYZ-2345'), gqlError('Too early for this event', 'ATTENDANCE_CLOSED'))],
    });
    await typeCode(user, 'wxyz-2345');
    expect(await within(resultCard()).findByText('Check-in not open')).toBeInTheDocument();
    expect(within(resultCard()).getByText('Too early for this event')).toBeInTheDocument();
  });

  it('refuses what is not a code without calling the server', async () => {
    const { user } = renderRoute('/admin/events/ev-1/check-in', { mocks: [eventMock] });
    await typeCode(user, 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('That is not a check-in code');
  });

  it('queues check-ins while offline, shows them as waiting to sync, and sends them when back online', async () => {
    onLine.mockReturnValue(false);
    const sent: Vars[] = [];
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [
        eventMock,
        checkInMock(byCode('ABCD-2345'), undefined, {
          result: (v: Record<string, unknown>) => {
            sent.push(v as Vars);
            return { data: { checkIn: result() } };
          },
        }),
        // Sent before by another door: counts as synced.
        checkInMock(byCode('WXYZ-2345'), undefined, {
          result: (v: Record<string, unknown>) => {
            sent.push(v as Vars);
            return { data: { checkIn: result({ userId: 'u-ravi', name: 'Ravi Kumar', alreadyCheckedIn: true }) } };
          },
        }),
      ],
    });
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    await typeCode(user, 'abcd2345');
    expect(await within(resultCard()).findByText('Saved offline')).toBeInTheDocument();
    await typeCode(user, 'wxyz2345');

    const waiting = screen.getByRole('list', { name: 'Waiting to sync' });
    expect(within(waiting).getByText('ABCD-2345')).toBeInTheDocument();
    expect(within(waiting).getByText('WXYZ-2345')).toBeInTheDocument();
    expect(screen.getByText('(2 waiting)')).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(QUEUE_KEY) ?? '[]') as { code: string; scannedAt: string }[];
    expect(stored.map((q) => q.code)).toEqual(['ABCD-2345', 'WXYZ-2345']);
    expect(sent).toHaveLength(0);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(sent).toHaveLength(2));
    // The time of the scan travels with it, so the first time stands.
    expect(sent.map((v) => v.scannedAt)).toEqual(stored.map((q) => q.scannedAt));
    expect(await screen.findByText('(0 waiting)')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Waiting to sync' })).not.toBeInTheDocument();
    const syncedList = screen.getByRole('list', { name: 'Sent after reconnecting' });
    expect(within(syncedList).getByText(/Asha Verma/)).toBeInTheDocument();
    expect(within(syncedList).getByText(/Ravi Kumar/)).toBeInTheDocument();
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('queues a check-in when the request fails with a network error', async () => {
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [eventMock, checkInMock(byCode('ABCD-2345'), undefined, { error: new TypeError('Failed to fetch') })],
    });
    await typeCode(user, 'abcd2345');
    expect(await within(resultCard()).findByText('Saved offline')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Waiting to sync' })).getByText('ABCD-2345')).toBeInTheDocument();
  });

  it('finds a registrant by name, checks them in with the tick, and undoes it', async () => {
    const registrant = { __typename: 'Registrant', userId: 'u-asha', name: 'Asha Verma', email: 'asha@example.org', category: 'GRADUATE', checkedInAt: null, attendedSessionIds: [] };
    const { user } = renderRoute('/admin/events/ev-1/check-in', {
      mocks: [
        eventMock,
        { request: { query: EventRegistrantsDocument, variables: { eventId: 'ev-1', search: 'asha' } }, result: { data: { eventRegistrants: [registrant] } } },
        checkInMock((v) => v.userId === 'u-asha', { data: { checkIn: result() } }),
        {
          request: { query: UndoCheckInDocument, variables: { eventId: 'ev-1', userId: 'u-asha' } },
          result: { data: { undoCheckIn: result({ checkedInAt: null, alreadyCheckedIn: true, message: 'Check-in undone' }) } },
        },
      ],
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search registrants by name or e-mail' }), 'asha');
    await user.click(await screen.findByRole('button', { name: 'Check in Asha Verma' }));
    expect(await within(resultCard()).findByText('Asha Verma')).toHaveClass('check-in-name');
    expect(await screen.findByText(/^In at /)).toBeInTheDocument();

    await user.click(within(resultCard()).getByRole('button', { name: 'Undo check-in of Asha Verma' }));
    expect(await within(resultCard()).findByText('Check-in undone')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Check in Asha Verma' })).toBeInTheDocument();
  });
});
