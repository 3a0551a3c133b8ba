import { screen, within } from '@testing-library/react';
import { ImpactReportDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';

function report(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'ImpactReport',
    from: '2026-01-01',
    to: '2026-03-31',
    category: null,
    generatedAt: '2026-06-15T04:30:00.000Z',
    events: 3,
    registrations: 1200,
    attended: 900,
    attendanceRate: 0.75,
    peopleRegistered: 1000,
    peopleReached: 800,
    teachersReached: 200,
    studentsReached: 590,
    certificates: 650,
    feedback: { __typename: 'ImpactFeedback', responses: 120, usefulness: 4.5, overall: 4.25 },
    reachedByCategory: [
      { __typename: 'ReachCategory', category: 'student', people: 590 },
      { __typename: 'ReachCategory', category: 'primary', people: 200 },
    ],
    reachedByDistrict: [
      { __typename: 'ReachGroup', name: 'Prayagraj', people: 700 },
      { __typename: 'ReachGroup', name: null, people: 100 },
    ],
    reachedBySchool: [{ __typename: 'ReachGroup', name: 'GIC Prayagraj', people: 300 }],
    months: [
      { __typename: 'ImpactMonth', month: '2026-01', events: 1, registrations: 400, attended: 300, certificates: 250 },
      { __typename: 'ImpactMonth', month: '2026-02', events: 0, registrations: 0, attended: 0, certificates: 0 },
      { __typename: 'ImpactMonth', month: '2026-03', events: 2, registrations: 800, attended: 600, certificates: 400 },
    ],
    ...overrides,
  };
}

const mock = (filter: Record<string, unknown>, impactReport: unknown) => ({
  request: { query: ImpactReportDocument, variables: { filter } },
  result: { data: { impactReport } },
});

describe('impact report page', () => {
  it('shows the key figures, and each chart with a table a screen reader can read', async () => {
    const { container } = renderRoute('/admin/reports/impact?from=2026-01-01&to=2026-03-31', { mocks: [mock({ from: '2026-01-01', to: '2026-03-31' }, report())] });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const card = (label: string) => within(figures).getByText(label).closest('li')!;
    expect(card('Events held')).toHaveTextContent('3');
    expect(card('Registrations')).toHaveTextContent('1,200');
    expect(card('Attendance rate')).toHaveTextContent('75%');
    expect(card('Teachers reached')).toHaveTextContent('200');
    expect(card('Students reached')).toHaveTextContent('590');
    expect(card('Certificates issued')).toHaveTextContent('650');
    expect(card('Feedback: useful / overall')).toHaveTextContent('4.5 / 4.3');
    expect(card('Feedback: useful / overall')).toHaveTextContent('from 120 answers');

    const trend = screen.getByRole('figure', { name: 'Registrations and attendance per month' });
    const rows = within(trend).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent(/Mar 26.*2.*800.*600.*400/);
    const districts = screen.getByRole('figure', { name: /per district/ });
    expect(within(districts).getByRole('rowheader', { name: 'Prayagraj' }).closest('tr')).toHaveTextContent('700');
    expect(within(districts).getByRole('rowheader', { name: 'Not given' })).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: /per user category/ })).getByRole('rowheader', { name: 'Teachers' })).toBeInTheDocument();
    // Every chart is drawn as SVG hidden from assistive technology (its table says the same).
    const svgs = container.querySelectorAll('svg.chart');
    expect(svgs.length).toBe(4);
    svgs.forEach((svg) => expect(svg).toHaveAttribute('aria-hidden', 'true'));
  });

  it('asks for another period and category from the form, and refuses an end before the start', async () => {
    const { user, router } = renderRoute('/admin/reports/impact?from=2026-01-01&to=2026-03-31', {
      mocks: [
        mock({ from: '2026-01-01', to: '2026-03-31' }, report()),
        mock({ from: '2025-04-01', to: '2026-03-31', category: 'PRIMARY' }, report({ from: '2025-04-01', category: 'PRIMARY', events: 7 })),
      ],
    });
    await screen.findByRole('region', { name: 'Key figures' });
    const from = screen.getByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The last day must be on or after the first day.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(from);
    await user.type(from, '2025-04-01');
    await user.selectOptions(screen.getByLabelText('Event category'), 'PRIMARY');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(router.state.location.search).toBe('?from=2025-04-01&to=2026-03-31&category=primary');
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(await within(figures).findByText('7')).toBeInTheDocument();
  });

  it('says so when nobody was reached', async () => {
    renderRoute('/admin/reports/impact?from=2024-01-01&to=2024-01-31', {
      mocks: [mock({ from: '2024-01-01', to: '2024-01-31' }, report({ from: '2024-01-01', to: '2024-01-31', events: 0, registrations: 0, attended: 0, attendanceRate: 0, peopleReached: 0, reachedByCategory: [], reachedByDistrict: [], reachedBySchool: [], feedback: { __typename: 'ImpactFeedback', responses: 0, usefulness: null, overall: null }, months: [] }))],
    });
    expect(await screen.findByText('No one attended an event in this period.')).toBeInTheDocument();
    expect(screen.getByText('No answers yet')).toBeInTheDocument();
  });

  it('is linked in the navigation', async () => {
    renderRoute('/admin/reports/impact?from=2026-01-01&to=2026-03-31', { mocks: [mock({ from: '2026-01-01', to: '2026-03-31' }, report())] });
    expect(await screen.findByRole('link', { name: /Impact report/ })).toHaveAttribute('href', '/admin/reports/impact');
  });
});
