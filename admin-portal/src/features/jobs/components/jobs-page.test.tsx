import { screen, waitFor, within } from '@testing-library/react';
import { BackgroundJobsDocument, RetryBackgroundJobDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { gqlError } from '@/testing/mocks';
import { JOB_SECTIONS, type JobSectionName } from './jobs-page';

const job = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'BackgroundJob',
  id,
  name: 'mail',
  state: 'completed',
  key: null,
  eventId: null,
  eventTitle: null,
  recipient: null,
  mailKind: null,
  error: null,
  retryCount: 0,
  retryLimit: 3,
  createdOn: '2030-04-01T04:30:00.000Z',
  startAfter: '2030-04-01T04:30:00.000Z',
  startedOn: '2030-04-01T04:30:05.000Z',
  completedOn: '2030-04-01T04:30:06.000Z',
  ...overrides,
});

const jobsMock = (section: JobSectionName, jobs: unknown[]) => ({
  request: { query: BackgroundJobsDocument, variables: { states: JOB_SECTIONS[section].states, limit: JOB_SECTIONS[section].limit } },
  result: { data: { backgroundJobs: jobs } },
});

const failedReminder = job('7f3c2a10-1111-4c3b-9d7e-000000000001', {
  name: 'event-reminders',
  state: 'failed',
  key: 'ev-42',
  eventId: 'ev-42',
  eventTitle: 'Storytelling Workshop for Young Readers',
  error: 'SMTP 421: try again later',
  retryCount: 3,
  retryLimit: 3,
  completedOn: '2030-04-01T05:00:00.000Z',
});
const section = (name: RegExp) => screen.getByRole('region', { name });

describe('/admin/jobs', () => {
  it("shows a failed job's error and retries it, then shows it queued again", async () => {
    const retry = jest.fn(() => ({ data: { retryBackgroundJob: { __typename: 'MessagePayload', message: 'Job queued for a retry' } } }));
    const { user } = renderRoute('/admin/jobs', {
      mocks: [
        jobsMock('queued', []),
        jobsMock('failed', [failedReminder]),
        jobsMock('completed', [job('5a5a5a5a-2222-4c3b-9d7e-000000000002', { name: 'mail', key: 'cancelled:ev-9:u-1' })]),
        { request: { query: RetryBackgroundJobDocument, variables: { name: 'event-reminders', id: failedReminder.id } }, result: retry },
        jobsMock('failed', []),
        jobsMock('queued', [{ ...failedReminder, state: 'retry', completedOn: null, startedOn: null }]),
      ],
    });

    const failed = await screen.findByRole('region', { name: /Failed/ });
    const row = (await within(failed).findByText('event-reminders')).closest('tr') as HTMLElement;
    expect(within(row).getByText('SMTP 421: try again later')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Storytelling Workshop for Young Readers' })).toHaveAttribute('href', '/admin/events/view/ev-42');
    expect(within(row).queryByText(/ev-42/)).not.toBeInTheDocument();
    expect(within(row).getByText('3 / 3')).toBeInTheDocument();
    expect(within(row).getByText('1 Apr 2030, 10:30 am')).toBeInTheDocument();
    expect(within(section(/Queued/)).getByText('No jobs are waiting to run.')).toBeInTheDocument();
    const done = section(/Recently finished/);
    expect(within(done).getByText('Key cancelled:ev-9:u-1')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Retry event-reminders job 7f3c2a10' }));
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    expect((await screen.findByText('Job queued for a retry')).closest('[role="status"]')).not.toBeNull();
    expect(await within(failed).findByText('No failed jobs.')).toBeInTheDocument();
    const queuedRow = (await within(section(/Queued/)).findByText('event-reminders')).closest('tr') as HTMLElement;
    expect(within(queuedRow).getByText('Waiting to retry')).toBeInTheDocument();
    expect(within(queuedRow).getByText('SMTP 421: try again later')).toBeInTheDocument();
  });

  it("says what each job is about: the event's title, and whom a mail or an offer is for (masked by the API)", async () => {
    renderRoute('/admin/jobs', {
      mocks: [
        jobsMock('queued', [
          job('1a1a1a1a-4444-4c3b-9d7e-000000000004', {
            name: 'mail',
            state: 'created',
            eventId: 'ev-7',
            eventTitle: 'Storytelling Workshop for Young Readers',
            recipient: 'a•••@example.org',
            mailKind: 'certificate',
            startedOn: null,
            completedOn: null,
          }),
          job('2b2b2b2b-5555-4c3b-9d7e-000000000005', { name: 'waitlist-expiry', state: 'created', key: 'w-1', eventId: 'ev-7', eventTitle: 'Storytelling Workshop for Young Readers', recipient: 'r•••@example.org', startedOn: null, completedOn: null }),
        ]),
        jobsMock('failed', []),
        jobsMock('completed', [job('3c3c3c3c-6666-4c3b-9d7e-000000000006', { name: 'mail', recipient: 'm•••@example.org', mailKind: 'something-new' })]),
      ],
    });
    const queued = await screen.findByRole('region', { name: /Queued/ });
    const mail = (await within(queued).findByText('Certificate to a•••@example.org')).closest('tr') as HTMLElement;
    expect(within(mail).getByRole('link', { name: 'Storytelling Workshop for Young Readers' })).toHaveAttribute('href', '/admin/events/view/ev-7');
    expect(within(queued).getByRole('columnheader', { name: 'About' })).toBeInTheDocument();
    expect(within(queued).queryByRole('columnheader', { name: 'Key' })).not.toBeInTheDocument();
    const offer = within(queued).getByText('waitlist-expiry').closest('tr') as HTMLElement;
    expect(within(offer).getByText('For r•••@example.org')).toBeInTheDocument();
    expect(within(offer).queryByText(/w-1/)).not.toBeInTheDocument();
    // A mail kind the page does not know yet is still a mail, and says for whom.
    expect(within(section(/Recently finished/)).getByText('Mail to m•••@example.org')).toBeInTheDocument();
  });

  it("shows the server's refusal of a retry and reloads the lists", async () => {
    const { user } = renderRoute('/admin/jobs', {
      mocks: [
        jobsMock('queued', []),
        jobsMock('failed', [failedReminder]),
        jobsMock('completed', []),
        {
          request: { query: RetryBackgroundJobDocument, variables: { name: 'event-reminders', id: failedReminder.id } },
          result: gqlError('This job is no longer failed', 'CONFLICT'),
        },
        jobsMock('failed', []),
        jobsMock('queued', []),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Retry event-reminders job 7f3c2a10' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This job is no longer failed');
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
  });

  it('shows the empty states, a load error with a retry, and refreshes on demand', async () => {
    const { user } = renderRoute('/admin/jobs', {
      mocks: [
        jobsMock('queued', []),
        { request: { query: BackgroundJobsDocument, variables: { states: ['failed'], limit: 50 } }, result: gqlError('You do not have permission to do this', 'FORBIDDEN') },
        jobsMock('completed', []),
        jobsMock('failed', []),
        jobsMock('queued', [job('9b9b9b9b-3333-4c3b-9d7e-000000000003', { name: 'waitlist-offers', state: 'active', completedOn: null })]),
        jobsMock('completed', []),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Background jobs', level: 2 })).toBeInTheDocument();
    expect(await within(section(/Queued/)).findByText('No jobs are waiting to run.')).toBeInTheDocument();
    expect(await within(section(/Recently finished/)).findByText('No jobs finished recently.')).toBeInTheDocument();
    expect(await within(section(/Failed/)).findByRole('alert')).toHaveTextContent('You do not have permission to do this');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(section(/Failed/)).findByText('No failed jobs.')).toBeInTheDocument();
    const running = (await within(section(/Queued/)).findByText('waitlist-offers')).closest('tr') as HTMLElement;
    expect(within(running).getByText('Running')).toBeInTheDocument();
  });

  it('is linked from the admin navigation', async () => {
    const { user, router } = renderRoute('/admin/audit', {
      mocks: [jobsMock('queued', []), jobsMock('failed', []), jobsMock('completed', [])],
    });
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    await user.click(within(nav).getByRole('link', { name: /Background jobs/ }));
    expect(router.state.location.pathname).toBe('/admin/jobs');
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
  });
});
