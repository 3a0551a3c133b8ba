import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/translator';

/**
 * A GET form to a page of this site: what its submit buttons do before and without the page's script
 * (the browser asks for `action` with the fields, the site server draws it; a button's own name and
 * value go along). Once live, each button's onClick does the same in place and calls preventDefault.
 * The page's language goes along when it is not English (the server reads ?lang first, as for
 * formAction). `inline`: the form takes no box of its own (display: contents), so wrapping a button
 * changes nothing on screen.
 */
export function GetForm({
  action,
  fields = {},
  inline = false,
  className,
  children,
  ...rest
}: {
  action: string;
  fields?: Record<string, string>;
  inline?: boolean;
  className?: string;
  /** None for a form its buttons name from elsewhere (`form={id}`). */
  children?: ReactNode;
  id?: string;
  'aria-label'?: string;
  'data-form'?: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language && i18n.language !== 'en' ? i18n.language : null;
  const classes = [inline ? 'get-form--contents' : '', className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <form method="get" action={action} className={classes} onSubmit={(e) => e.preventDefault()} {...rest}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {language ? <input type="hidden" name="lang" value={language} /> : null}
      {children}
    </form>
  );
}
