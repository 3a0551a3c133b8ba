import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { errorCode } from '@/lib/errors';
import { useNewsPreference, useSetNewsPreference } from '../api/use-news';

/**
 * The profile's 'News about our events' on/off switch (issue 27), as the reminders' switch: a button
 * with role="switch", saved at once, shown at once and undone if the server refuses. Messages about an
 * event the person registered for are not news and always come.
 */
export function NewsSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const { data } = useNewsPreference();
  const [setPreference, { loading }] = useSetNewsPreference();
  const [failure, setFailure] = useState<string | null>(null);
  const me = data?.me;
  if (!me || me.newsEnabled === null || me.newsEnabled === undefined) return null;
  const enabled = me.newsEnabled;

  const toggle = async () => {
    if (loading) return;
    setFailure(null);
    const next = !enabled;
    const optimistic = { __typename: 'User' as const, id: me.id, newsEnabled: next };
    try {
      await setPreference({ variables: { enabled: next }, optimisticResponse: { setNewsPreference: optimistic } });
    } catch (error) {
      const code = errorCode(error);
      setFailure(t(code === 'RATE_LIMITED' || code === 'UNAUTHENTICATED' ? `errors.${code}` : 'profile.newsFailed'));
    }
  };

  return (
    <div className="reminder-setting">
      <div className="reminder-setting__row">
        <span id={`${id}-label`} className="reminder-setting__label">
          {t('profile.news')}
        </span>
        <button type="button" role="switch" aria-checked={enabled} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="switch" onClick={toggle}>
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </button>
        <span className="switch__state" aria-hidden="true">
          {enabled ? t('profile.remindersOn') : t('profile.remindersOff')}
        </span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('profile.newsHint')}
      </p>
      {failure ? (
        <p className="alert alert--error reminder-setting__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
