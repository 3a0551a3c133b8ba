import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminUserDocument, CreateUserDocument, UpdateUserDocument, type AdminUserFieldsFragment } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { PageHeader } from '@/components/ui/page-header';
import { toUserInput, type UserFormMode, type UserFormValues } from '../lib/user-rules';
import { UserForm, emptyUserForm } from './user-form';

const t = en.users;

function toFormValues(user: AdminUserFieldsFragment): UserFormValues {
  return {
    ...emptyUserForm,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    category: user.category,
    status: user.status ?? 'PENDING',
    fatherName: user.fatherName ?? '',
    primaryEmail: user.primaryEmail ?? '',
    schoolName: user.schoolName ?? '',
    district: user.district ?? '',
    area: user.area ?? '',
  };
}

export function UserFormPage({ mode }: { mode: UserFormMode }) {
  const title = mode === 'create' ? t.newTitle : t.editTitle;
  useDocumentTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(AdminUserDocument, { variables: { id }, skip: mode === 'create', fetchPolicy: 'network-only' });
  const [createUser] = useMutation(CreateUserDocument);
  const [updateUser] = useMutation(UpdateUserDocument);

  const done = (text: string) => navigate(paths.users.getHref(), { state: { notice: { kind: 'success', text } } });

  const onSubmit = async (values: UserFormValues) => {
    const input = toUserInput(values);
    if (mode === 'create') {
      await createUser({ variables: { input } });
      done(t.created);
    } else {
      await updateUser({ variables: { id, input } });
      done(t.updated);
    }
  };

  let body;
  if (mode === 'create') body = <UserForm mode="create" onSubmit={onSubmit} />;
  else if (loading && !data) body = <Loading />;
  else if (error || !data) body = <ErrorAlert message={describeError(error, t.loadFailed)} onRetry={() => void refetch()} />;
  else body = <UserForm key={data.user.id} mode="edit" initialValues={toFormValues(data.user)} onSubmit={onSubmit} />;

  return (
    <div>
      <PageHeader title={title} />
      {body}
    </div>
  );
}

export default UserFormPage;
