import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { recordVisitOnce } from '../api/record-visit';

export function VisitorCounter() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    void recordVisitOnce().then((value) => {
      if (active) setCount(value);
    });
    return () => {
      active = false;
    };
  }, []);

  if (count === null) return null;
  return (
    <p className="visitor-counter">
      <span className="visitor-counter__number" data-testid="visitor-count">
        {formatNumber(count, locale)}
      </span>{' '}
      <span>{t('footer.visitors')}</span>
    </p>
  );
}
