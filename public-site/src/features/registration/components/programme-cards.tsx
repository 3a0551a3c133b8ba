import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { Icon, type IconName } from '@/components/ui/icon';
import { categoryForChoice, programmeChoices, type RegistrationCategory } from '../lib/category';
import { preloadRegistrationDialog, RegistrationDialog } from './registration-dialog';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';
import { ServedText } from '@/rendering/served-text';
import './registration.css';

const cards: { category: RegistrationCategory; icon: IconName }[] = [
  { category: 'graduate', icon: 'cap' },
  { category: 'secondary', icon: 'book' },
  { category: 'primary', icon: 'pencil' },
];

/** The three programme cards; graduate and secondary open the registration dialog, primary goes to /add-student. */
export function ProgrammeCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ open: boolean; category: RegistrationCategory }>({
    open: false,
    category: 'primary',
  });
  const close = useCallback(() => setDialog((d) => ({ ...d, open: false })), []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = useRef<HTMLUListElement>(null);
  useEarlyPresses(list);

  const choose = (choice: string) => {
    const category = categoryForChoice(choice);
    if (category === 'primary') {
      navigate(paths.addStudent.getHref());
      return;
    }
    setDialog({ open: true, category });
  };

  return (
    <>
      <ul className="programme-cards" ref={list}>
        {cards.map(({ category, icon }) => {
          const title = t(`programmes.${category}.title`);
          return (
            <li key={category} className={`programme-card programme-card--${category}`}>
              <ServedText className="contents">
                {() => (
                  <>
                    <span className="programme-card__icon">
                      <Icon name={icon} />
                    </span>
                    <Heading className="programme-card__title">{title}</Heading>
                    <p className="programme-card__subtitle">{t(`programmes.${category}.subtitle`)}</p>
                    <p className="programme-card__text">{t(`programmes.${category}.description`)}</p>
                  </>
                )}
              </ServedText>
              <button
                type="button"
                className="button button--primary programme-card__button"
                aria-label={t('programmes.registerFor', { programme: title })}
                onClick={() => choose(programmeChoices[category])}
                {...earlyPress(`programme:${category}`)}
                onPointerEnter={category === 'primary' ? undefined : () => void preloadRegistrationDialog()}
                onFocus={category === 'primary' ? undefined : () => void preloadRegistrationDialog()}
              >
                {t('common.register')}
              </button>
            </li>
          );
        })}
      </ul>
      <RegistrationDialog category={dialog.category} open={dialog.open} onClose={close} />
    </>
  );
}
