import { useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingDialog } from '@/components/ui/loading-dialog';
import { lazyPart } from '@/rendering/lazy-part';
import { Loading } from '@/components/ui/loading';
import { useMe } from '@/features/accounts/api/use-me';
import { errorCode } from '@/lib/errors';
import { AddStudentForm } from './add-student-form';
import { StudentsList } from './students-list';
import '@/features/accounts/components/accounts.css';
import './teachers.css';

// The Login / Register modal (forms, mutations, the code step) is fetched when the button opens it.
const TeacherAuthDialog = lazyPart(() => import('./teacher-auth-dialog'), { data: 'now' });

function AwaitingApproval() {
  const { t } = useTranslation();
  return (
    <section className="card teacher-notice" aria-labelledby="teacher-awaiting">
      <h2 className="card-title" id="teacher-awaiting">
        <span className="badge badge--pending">{t('profile.awaiting')}</span> {t('teacher.awaitingHeading')}
      </h2>
      <p>{t('teacher.awaitingText')}</p>
    </section>
  );
}

/** /add-student: a gate until an approved teacher is signed in, then the form and the list. */
export default function AddStudentPage() {
  const { t } = useTranslation();
  const { data, loading, error, signedIn } = useMe();
  const [dialogOpen, setDialogOpen] = useState(false);
  const me = signedIn ? data?.me : undefined;
  const [forbidden, setForbidden] = useState(false);

  const gate = (extra?: string) => (
    <section className="card teacher-gate">
      <p className="teacher-gate__text">{t('teacher.gate')}</p>
      {extra ? <p className="field__hint">{extra}</p> : null}
      <button
        type="button"
        className="button button--primary"
        onClick={() => setDialogOpen(true)}
        onPointerEnter={() => void TeacherAuthDialog.preload().catch(() => undefined)}
      >
        {t('teacher.loginRegister')}
      </button>
    </section>
  );

  let body;
  if (!signedIn || errorCode(error) === 'UNAUTHENTICATED') body = gate();
  else if (!me && loading) body = <Loading label={t('teacher.checking')} />;
  else if (!me) body = <ErrorAlert>{t('teacher.loadError')}</ErrorAlert>;
  else if (me.category !== 'PRIMARY') body = gate(t('teacher.notTeacher', { name: me.name }));
  else if (me.status === 'REJECTED') body = <ErrorAlert>{t('teacher.rejectedText')}</ErrorAlert>;
  else if (me.status === 'PENDING' || forbidden) body = <AwaitingApproval />;
  else
    body = (
      <>
        <p className="teacher-signed-in">{t('teacher.signedInAs', { name: me.name })}</p>
        <div className="teacher-layout">
          <AddStudentForm />
          <StudentsList onForbidden={() => setForbidden(true)} />
        </div>
      </>
    );

  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-title">{t('teacher.heading')}</h1>
        <p className="page-lead">{t('teacher.intro')}</p>
      </header>
      {body}
      {dialogOpen ? (
        <LoadingDialog onClose={() => setDialogOpen(false)}>
          <TeacherAuthDialog onClose={() => setDialogOpen(false)} />
        </LoadingDialog>
      ) : null}
    </div>
  );
}
