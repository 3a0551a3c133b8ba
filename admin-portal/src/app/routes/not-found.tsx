import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(en.app.notFoundTitle);
  return (
    <div className="not-found">
      <h2 className="page-title">{en.app.notFoundTitle}</h2>
      <p>{en.app.notFoundText}</p>
      <Link to={paths.admin.getHref()}>{en.app.backToDashboard}</Link>
    </div>
  );
}

export default NotFoundPage;
