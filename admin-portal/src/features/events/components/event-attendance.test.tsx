import { screen, waitFor, within } from '@testing-library/react';
import {
  AdminEventDocument,
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

  it('issues certificates after confirmation and shows how many were issued', async () => {
    const issue = jest.fn(() => ({ data: { issueCertificates: { __typename: 'IssueCertificatesPayload', issued: 2, message: '2 certificates issued' } } }));
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [
        eventMock({ timing: 'PAST', hasEnded: true }),
        ...others,
        attendanceMock([]),
        certificatesMock([]),
        { request: { query: IssueCertificatesDocument, variables: { eventId: 'ev-1' } }, result: issue },
        certificatesMock([certificate('C1', 'Asha Verma'), certificate('C2', 'Ravi Kumar')]),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Issue certificates' });
    expect(await screen.findByText('No certificates issued yet.')).toBeInTheDocument();
    confirmSpy.mockReturnValueOnce(false);
    await user.click(button);
    expect(issue).not.toHaveBeenCalled();

    confirmSpy.mockReturnValueOnce(true);
    await user.click(button);
    expect(await within(region(/^Certificates/)).findByRole('status')).toHaveTextContent('2 certificates issued.');
    expect(await within(region(/^Certificates/)).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(issue).toHaveBeenCalledTimes(1);
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
