import { screen, waitFor, within } from '@testing-library/react';
import {
  AdminEventDocument,
  CertificatesToIssueDocument,
  EventAttendanceDocument,
  EventCertificatesDocument,
  EventRegistrationsDocument,
  EventWaitlistDocument,
  IssueCertificatesDocument,
  RevokeCertificateDocument,
} from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';
import { renderRoute } from '@/testing/render-route';
import { makeEvent } from '@/testing/mocks';

const eventMock = (overrides: Record<string, unknown> = {}) => ({
  request: { query: AdminEventDocument, variables: { id: 'ev-1' } },
  result: { data: { event: makeEvent({ id: 'ev-1', title: 'Career camp', registeredCount: 4, ...overrides }) } },
});
const attendee = (userId: string, name: string, checkedInAt: string) => ({
  __typename: 'Registrant',
  userId,
  name,
  email: `${userId}@example.org`,
  category: 'GRADUATE',
  checkedInAt,
});
const attendanceMock = (attendees: unknown[], registered = 4) => ({
  request: { query: EventAttendanceDocument, variables: { eventId: 'ev-1' } },
  result: { data: { eventAttendance: { __typename: 'EventAttendance', eventId: 'ev-1', registered, checkedIn: attendees.length, rate: registered ? attendees.length / registered : 0, attendees } } },
});
const certificate = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'CertificateView',
  code,
  userId: `u-${code}`,
  name,
  language: 'en',
  issuedAt: '2026-11-20T06:30:00.000Z',
  revokedAt: null,
  revokeReason: null,
  ...extra,
});
const certificatesMock = (list: unknown[]) => ({
  request: { query: EventCertificatesDocument, variables: { eventId: 'ev-1' } },
  result: { data: { eventCertificates: list } },
});
const others = [
  { request: { query: EventRegistrationsDocument, variables: { eventId: 'ev-1' } }, result: { data: { eventRegistrations: [] } } },
  { request: { query: EventWaitlistDocument, variables: { eventId: 'ev-1' } }, result: { data: { eventWaitlist: [] } } },
];
const region = (name: RegExp) => screen.getByRole('region', { name });
const figure = (label: string) => within(region(/^Attendance/)).getByText(label, { selector: 'dt' }).closest('.detail-row') as HTMLElement;

describe('/admin/events/view/:id attendance', () => {
  it('shows registered, checked in, the rate and who came with their times, and links to check-in', async () => {
    renderRoute('/admin/events/view/ev-1', {
      mocks: [
        eventMock(),
        ...others,
        attendanceMock([attendee('u-asha', 'Asha Verma', '2026-11-25T04:35:00.000Z'), attendee('u-ravi', 'Ravi Kumar', '2026-11-25T04:50:00.000Z'), attendee('u-meera', 'Meera Singh', '2026-11-25T05:02:00.000Z')]),
        certificatesMock([]),
      ],
    });
    expect(await within(await screen.findByRole('region', { name: /^Attendance/ })).findByText('Asha Verma')).toBeInTheDocument();
    expect(figure('Registered')).toHaveTextContent('4');
    expect(figure('Checked in')).toHaveTextContent('3');
    expect(figure('Attendance rate')).toHaveTextContent('75%');
    expect(within(region(/^Attendance/)).getByText(formatDateTime('2026-11-25T04:50:00.000Z'))).toBeInTheDocument();
    expect(within(region(/^Attendance/)).getByRole('button', { name: 'Download attendance CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in' })).toHaveAttribute('href', '/admin/events/ev-1/check-in');
  });

  it('says when no one has been checked in', async () => {
    renderRoute('/admin/events/view/ev-1', { mocks: [eventMock(), ...others, attendanceMock([]), certificatesMock([])] });
    expect(await screen.findByText('No one has been checked in yet.')).toBeInTheDocument();
    expect(figure('Attendance rate')).toHaveTextContent('0%');
  });
});

describe('/admin/events/view/:id certificates', () => {
  let confirmSpy: jest.SpyInstance;
  let promptSpy: jest.SpyInstance;
  beforeEach(() => {
    confirmSpy = jest.spyOn(window, 'confirm');
    promptSpy = jest.spyOn(window, 'prompt');
  });
  afterEach(() => {
    confirmSpy.mockRestore();
    promptSpy.mockRestore();
  });

  it('offers no issuing before the event has ended', async () => {
    renderRoute('/admin/events/view/ev-1', { mocks: [eventMock({ timing: 'UPCOMING' }), ...others, attendanceMock([]), certificatesMock([])] });
    expect(await screen.findByText('Certificates can be issued once the event has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue certificates' })).not.toBeInTheDocument();
  });

  it('asks the API whether the event has ended, not its date', async () => {
    // Started on an earlier day but runs until a later one: the API says it has not ended.
    const { unmount } = renderRoute('/admin/events/view/ev-1', {
      mocks: [eventMock({ timing: 'PAST', date: '2026-11-20', endDate: '2030-11-30', hasEnded: false }), ...others, attendanceMock([]), certificatesMock([])],
    });
    expect(await screen.findByText('Certificates can be issued once the event has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue certificates' })).not.toBeInTheDocument();
    unmount();
    // Today's event whose end time has passed: the API says it has ended.
    renderRoute('/admin/events/view/ev-1', { mocks: [eventMock({ timing: 'ACTIVE', hasEnded: true }), ...others, attendanceMock([]), certificatesMock([])] });
    expect(await screen.findByRole('button', { name: 'Issue certificates' })).toBeInTheDocument();
  });

  const toIssueMock = (n: number) => ({ request: { query: CertificatesToIssueDocument, variables: { eventId: 'ev-1' } }, result: { data: { certificatesToIssue: n } } });

  it('says how many people will get a certificate and asks before mailing them (an alert dialog)', async () => {
    const issue = jest.fn(() => ({ data: { issueCertificates: { __typename: 'IssueCertificatesPayload', issued: 2, message: '2 certificates issued' } } }));
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [
        eventMock({ timing: 'PAST', hasEnded: true }),
        ...others,
        attendanceMock([]),
        certificatesMock([]),
        toIssueMock(2),
        toIssueMock(2),
        { request: { query: IssueCertificatesDocument, variables: { eventId: 'ev-1' } }, result: issue },
        certificatesMock([certificate('C1', 'Asha Verma'), certificate('C2', 'Ravi Kumar')]),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Issue certificates' });
    expect(await screen.findByText('No certificates issued yet.')).toBeInTheDocument();

    // First thoughts: the dialog says who, focus is on Cancel, and Cancel sends nothing.
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Issue certificates?' });
    expect(await within(dialog).findByText('2 people who were checked in have no certificate yet.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/2 people who were checked in have no certificate yet\. Each of them gets an e-mail/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(issue).not.toHaveBeenCalled();
    expect(confirmSpy).not.toHaveBeenCalled();

    // Then confirm for real.
    await user.click(button);
    const again = await screen.findByRole('alertdialog', { name: 'Issue certificates?' });
    await user.click(await within(again).findByRole('button', { name: 'Issue and e-mail 2 certificates' }));
    expect(await within(region(/^Certificates/)).findByRole('status')).toHaveTextContent('2 certificates issued.');
    expect(await within(region(/^Certificates/)).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(issue).toHaveBeenCalledTimes(1);
  });

  it('says there is no one to send to when everyone who attended has one, and offers nothing to confirm', async () => {
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [eventMock({ timing: 'PAST', hasEnded: true }), ...others, attendanceMock([]), certificatesMock([certificate('C1', 'Asha Verma')]), toIssueMock(0)],
    });
    await user.click(await screen.findByRole('button', { name: 'Issue certificates' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Issue certificates?' });
    expect(await within(dialog).findByText(/Everyone who was checked in has a certificate already/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Issue and e-mail/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('revokes a certificate after confirmation, with an optional reason', async () => {
    const revoke = jest.fn(() => ({ data: { revokeCertificate: { __typename: 'MessagePayload', message: 'Certificate revoked' } } }));
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [
        eventMock({ timing: 'PAST', hasEnded: true }),
        ...others,
        attendanceMock([]),
        certificatesMock([certificate('C1', 'Asha Verma')]),
        { request: { query: RevokeCertificateDocument, variables: { code: 'C1', reason: 'Left early' } }, result: revoke },
        certificatesMock([certificate('C1', 'Asha Verma', { revokedAt: '2026-11-26T06:30:00.000Z', revokeReason: 'Left early' })]),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Revoke the certificate of Asha Verma' });
    confirmSpy.mockReturnValueOnce(true);
    promptSpy.mockReturnValueOnce('Left early');
    await user.click(button);
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await within(region(/^Certificates/)).findByRole('status')).toHaveTextContent('Certificate revoked');
    expect(await screen.findByText('Left early')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the certificate of Asha Verma' })).not.toBeInTheDocument();
  });
});
