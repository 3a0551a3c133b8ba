import { useTranslation } from '@/i18n/translator';
import { useNewsPreference, useSetNewsPreference } from '../api/use-news';
import { SettingSwitch } from './setting-switch';

/**
 * The profile's 'News about our events' switch (issue 27). Messages about an event the person
 * registered for are not news and always come.
 */
export function NewsSwitch() {
  const { t } = useTranslation();
  const { data } = useNewsPreference();
  const [setPreference, { loading }] = useSetNewsPreference();
  const me = data?.me;
  if (!me || me.newsEnabled === null || me.newsEnabled === undefined) return null;
  const save = (enabled: boolean) => {
    const optimistic = { __typename: 'User' as const, id: me.id, newsEnabled: enabled };
    return setPreference({ variables: { enabled }, optimisticResponse: { setNewsPreference: optimistic } });
  };
  return (
    <SettingSwitch
      label={t('profile.news')}
      hint={t('profile.newsHint')}
      enabled={me.newsEnabled}
      saving={loading}
      save={save}
      failedMessage={t('profile.newsFailed')}
    />
  );
}
