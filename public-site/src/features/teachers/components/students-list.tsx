import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import type { ApprovalStatus } from '@/gql/graphql';
import { statusBadgeClass, statusKey } from '@/features/accounts/components/account-labels';
import { errorCode } from '@/lib/errors';
import { useErrorMessage } from '@/lib/use-error-message';
import { useMyStudents, useSetApprovalStatus } from '../api/use-teachers';

/** The teacher's students with checkboxes, select-all and bulk Approve / Reject Selected. */
export function StudentsList({ onForbidden }: { onForbidden: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const { data, loading, error } = useMyStudents();
  const [setStatus, { loading: working }] = useSetApprovalStatus();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const allRef = useRef<HTMLInputElement>(null);
  const students = useMemo(() => data?.myStudents ?? [], [data]);
  const forbidden = errorCode(error) === 'FORBIDDEN';

  useEffect(() => {
    if (forbidden) onForbidden();
  }, [forbidden, onForbidden]);

  // Forget selections of students no longer listed.
  useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(students.map((s) => s.id));
      const next = new Set([...prev].filter((x) => ids.has(x)));
      return next.size === prev.size ? prev : next;
    });
  }, [students]);

  const allSelected = students.length > 0 && selected.size === students.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selected.size > 0 && !allSelected;
  }, [selected, allSelected]);

  const toggle = (studentId: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(studentId)) next.delete(studentId);
      else next.add(studentId);
      return next;
    });

  const bulk = async (status: ApprovalStatus) => {
    setResult(null);
    if (selected.size === 0) {
      setResult({ ok: false, text: t('teacher.students.noneSelected') });
      return;
    }
    try {
      const { data: done } = await setStatus({ variables: { input: { userIds: [...selected], status } } });
      const count = done?.setApprovalStatus.updated ?? selected.size;
      const text = (i18n.language ?? 'en').startsWith('en') && done?.setApprovalStatus.message
        ? done.setApprovalStatus.message
        : t(status === 'APPROVED' ? 'teacher.students.approvedDone' : 'teacher.students.rejectedDone', { count });
      setSelected(new Set());
      setResult({ ok: true, text });
    } catch (err) {
      setResult({ ok: false, text: messageFor(err, 'teacher.students.bulkFailed') });
    }
  };

  let body;
  if (loading && !data) body = <Loading label={t('teacher.students.loading')} />;
  else if (error) body = forbidden ? null : <ErrorAlert>{t('teacher.students.fetchFailed')}</ErrorAlert>;
  else if (!students.length) body = <EmptyState title={t('teacher.students.empty')}>{t('teacher.students.emptyHint')}</EmptyState>;
  else
    body = (
      <>
        <div className="students__toolbar" role="group" aria-label={t('teacher.students.actions')}>
          <label className="students__check students__check--all">
            <input
              ref={allRef}
              type="checkbox"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(students.map((s) => s.id)))}
            />
            <span>{t('teacher.students.selectAll')}</span>
          </label>
          <span className="students__count" aria-live="polite">
            {t('teacher.students.selected', { count: selected.size })}
          </span>
          <div className="students__actions">
            <button type="button" className="button button--primary button--small" disabled={working} onClick={() => bulk('APPROVED')}>
              {working ? t('teacher.students.working') : t('teacher.students.approve')}
            </button>
            <button type="button" className="button button--secondary button--small" disabled={working} onClick={() => bulk('REJECTED')}>
              {t('teacher.students.reject')}
            </button>
          </div>
        </div>
        <ul className="students">
          {students.map((s) => {
            const where = [s.schoolName, s.area, s.district].filter(Boolean).join(', ');
            return (
              <li key={s.id} className={`student${selected.has(s.id) ? ' student--selected' : ''}`}>
                <input
                  id={`${id}-${s.id}`}
                  className="student__check"
                  type="checkbox"
                  checked={selected.has(s.id)}
                  onChange={() => toggle(s.id)}
                  aria-label={t('teacher.students.select', { name: s.name })}
                />
                <div className="student__main">
                  <label className="student__name" htmlFor={`${id}-${s.id}`}>
                    {s.name}
                  </label>
                  {s.fatherName ? <span className="student__meta">{t('teacher.students.father', { name: s.fatherName })}</span> : null}
                  <span className="student__meta">
                    {s.email}
                    {s.phone ? ` · ${s.phone}` : ''}
                  </span>
                  {where ? <span className="student__meta">{where}</span> : null}
                </div>
                <span className={`${statusBadgeClass(s.status)} student__status`}>{t(statusKey(s.status))}</span>
              </li>
            );
          })}
        </ul>
      </>
    );

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 className="card-title" id={`${id}-heading`}>
        {t('teacher.students.heading')}
      </h2>
      <div aria-live="polite">
        {result?.ok ? (
          <p className="alert alert--success" role="status">
            {result.text}
          </p>
        ) : null}
      </div>
      {result && !result.ok ? (
        <p className="alert alert--error" role="alert">
          {result.text}
        </p>
      ) : null}
      {body}
    </section>
  );
}
