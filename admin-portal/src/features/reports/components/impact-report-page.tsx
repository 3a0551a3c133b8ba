import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { ImpactReportDocument, type ImpactReportQuery } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDateTime, formatEventDate, formatNumber, formatPercent } from '@/lib/format';
import { downloadFile } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field, fieldA11y } from '@/components/ui/field';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { EVENT_CATEGORIES, periodFromSearch, periodQuery, reportFile, type Period } from '../lib/period';
import { reports as t } from '../strings';
import { BarChart, type BarRow } from './bar-chart';
import { ChartFigure } from './chart-figure';
import { shortMonth, TrendChart } from './trend-chart';
import '../reports.css';

type Report = ImpactReportQuery['impactReport'];

/** A two-column table of rows (label, people), the accessible twin of a bar chart. */
function PeopleTable({ head, rows }: { head: string; rows: BarRow[] }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" className="num">
            {t.people}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.label}-${i}`}>
            <th scope="row">{r.label}</th>
            <td className="num" data-label={t.people}>
              {formatNumber(r.value)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ r }: { r: Report }) {
  const rating = (v: number | null | undefined) => (v == null ? '–' : v.toFixed(1));
  return (
    <section aria-labelledby="impact-figures" className="section">
      <h3 id="impact-figures" className="section-title">
        {t.keyFigures}
      </h3>
      <ul className="stat-grid">
        <StatCard label={t.events} value={r.events} tone="blue" />
        <StatCard label={t.registrations} value={r.registrations} tone="slate" />
        <StatCard label={t.attended} value={r.attended} tone="green" />
        <StatCard
          label={t.attendanceRate}
          value={r.attendanceRate}
          display={r.registrations ? formatPercent(r.attendanceRate) : '–'}
          hint={t.attendanceHint(formatNumber(r.attended), formatNumber(r.registrations))}
          tone="green"
        />
        <StatCard label={t.peopleRegistered} value={r.peopleRegistered} tone="slate" />
        <StatCard label={t.peopleReached} value={r.peopleReached} hint={t.peopleReachedHint} tone="violet" />
        <StatCard label={t.teachersReached} value={r.teachersReached} tone="amber" />
        <StatCard label={t.studentsReached} value={r.studentsReached} tone="amber" />
        <StatCard label={t.certificates} value={r.certificates} tone="blue" />
        <StatCard
          label={t.feedback}
          value={r.feedback.responses}
          display={r.feedback.responses ? `${rating(r.feedback.usefulness)} / ${rating(r.feedback.overall)}` : '–'}
          hint={r.feedback.responses ? t.feedbackHint(formatNumber(r.feedback.responses)) : t.feedbackNone}
          tone="rose"
        />
      </ul>
    </section>
  );
}

function Trend({ r }: { r: Report }) {
  return (
    <section aria-labelledby="impact-trend" className="section">
      <h3 id="impact-trend" className="section-title">
        {t.trendTitle}
      </h3>
      <ChartFigure
        id="impact-trend-caption"
        caption={t.trendCaption}
        stacked
        chart={<TrendChart months={r.months} />}
        table={
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t.month}</th>
                <th scope="col" className="num">{t.events}</th>
                <th scope="col" className="num">{t.registrations}</th>
                <th scope="col" className="num">{t.attended}</th>
                <th scope="col" className="num">{t.certificates}</th>
              </tr>
            </thead>
            <tbody>
              {r.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{shortMonth(m.month)}</th>
                  <td className="num" data-label={t.events}>{formatNumber(m.events)}</td>
                  <td className="num" data-label={t.registrations}>{formatNumber(m.registrations)}</td>
                  <td className="num" data-label={t.attended}>{formatNumber(m.attended)}</td>
                  <td className="num" data-label={t.certificates}>{formatNumber(m.certificates)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
}

function Reach({ r }: { r: Report }) {
  const groups: Array<{ id: string; caption: string; head: string; rows: BarRow[] }> = [
    { id: 'impact-by-category', caption: t.byCategoryCaption, head: t.userCategory, rows: r.reachedByCategory.map((c) => ({ label: t.userCategories[c.category] ?? c.category, value: c.people })) },
    { id: 'impact-by-district', caption: t.byDistrictCaption, head: t.district, rows: r.reachedByDistrict.map((g) => ({ label: g.name ?? t.notGiven, value: g.people })) },
    { id: 'impact-by-school', caption: t.bySchoolCaption, head: t.school, rows: r.reachedBySchool.map((g) => ({ label: g.name ?? t.notGiven, value: g.people })) },
  ];
  return (
    <section aria-labelledby="impact-reach" className="section">
      <h3 id="impact-reach" className="section-title">
        {t.reachTitle}
      </h3>
      {r.peopleReached === 0 ? (
        <p className="muted">{t.nobody}</p>
      ) : (
        groups.map((g) => <ChartFigure key={g.id} id={g.id} caption={g.caption} chart={<BarChart rows={g.rows} />} table={<PeopleTable head={g.head} rows={g.rows} />} />)
      )}
    </section>
  );
}

export function ImpactReportPage() {
  useDocumentTitle(t.title);
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params);
  const [draft, setDraft] = useState<Period>(period);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const { data, loading, error, refetch } = useQuery(ImpactReportDocument, {
    variables: { filter: { from: period.from, to: period.to, category: period.category } },
    fetchPolicy: 'cache-and-network',
  });
  const report = data?.impactReport;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = { from: draft.from ? undefined : t.dateRequired, to: !draft.to ? t.dateRequired : draft.from && draft.to < draft.from ? t.toBeforeFrom : undefined };
    setErrors(next);
    if (next.from || next.to) return;
    setParams({ from: draft.from, to: draft.to, ...(draft.category ? { category: draft.category.toLowerCase() } : {}) });
  };

  const download = async (kind: 'csv' | 'en' | 'hi') => {
    setDownloading(kind);
    setNotice(null);
    try {
      if (kind === 'csv') await downloadFile(`/admin/reports/impact.csv?${periodQuery(period)}`, reportFile(period, 'csv'), 'text/csv');
      else await downloadFile(`/admin/reports/impact.pdf?${periodQuery(period, { lang: kind })}`, reportFile(period, 'pdf', kind), 'application/pdf');
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.downloadFailed) });
    } finally {
      setDownloading(null);
    }
  };
  const button = (kind: 'csv' | 'en' | 'hi', label: string) => (
    <button type="button" className="btn btn-secondary" onClick={() => void download(kind)} disabled={downloading !== null} aria-busy={downloading === kind}>
      {downloading === kind ? t.downloading : label}
    </button>
  );

  return (
    <div className="impact-report">
      <PageHeader title={t.title} actions={<>{button('csv', t.downloadCsv)}{button('en', t.downloadPdf)}{button('hi', t.downloadPdfHi)}</>}>
        <p className="muted">{t.intro}</p>
      </PageHeader>

      <form className="toolbar impact-filter" onSubmit={onSubmit} noValidate>
        <Field id="impact-from" label={t.from} error={errors.from} required>
          <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} {...fieldA11y('impact-from', errors.from, undefined, true)} />
        </Field>
        <Field id="impact-to" label={t.to} error={errors.to} required>
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} {...fieldA11y('impact-to', errors.to, undefined, true)} />
        </Field>
        <Field id="impact-category" label={t.category}>
          <select id="impact-category" value={draft.category ?? ''} onChange={(e) => setDraft({ ...draft, category: (e.target.value || undefined) as Period['category'] })}>
            <option value="">{t.allCategories}</option>
            {EVENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t.categories[c]}
              </option>
            ))}
          </select>
        </Field>
        <div className="toolbar-actions">
          <button type="submit" className="btn btn-primary">
            {t.show}
          </button>
        </div>
      </form>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {loading && !report ? (
        <Loading />
      ) : error && !report ? (
        <ErrorAlert message={describeError(error, en.errors.loadFailed)} onRetry={() => void refetch()} />
      ) : report ? (
        <>
          <p className="muted small" aria-live="polite">
            {t.period(formatEventDate(report.from), formatEventDate(report.to))}
            {report.category ? ` · ${t.categories[report.category]}` : ''} · {t.made(formatDateTime(report.generatedAt))}
          </p>
          <Figures r={report} />
          <Trend r={report} />
          <Reach r={report} />
        </>
      ) : null}
    </div>
  );
}

export default ImpactReportPage;
