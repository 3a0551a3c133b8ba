import type { ReactNode } from 'react';

export function PageHeader({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h2 className="page-title">{title}</h2>
        {children}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
