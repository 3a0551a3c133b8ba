import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { en } from '@/i18n/en';
import type { ContentLanguage } from '@/lib/content-languages';

export interface LanguageTab {
  lang: ContentLanguage;
  /** Said after the language's name: '2 fields missing', 'complete'. */
  status?: string;
  /** Draws the status as a warning (something is missing). */
  incomplete?: boolean;
}

interface Props {
  /** Prefix of the tabs' and panels' ids (one form may not share it with another). */
  id: string;
  tabs: readonly LanguageTab[];
  active: ContentLanguage;
  onSelect: (lang: ContentLanguage) => void;
  /** The active language's panel. Only the active panel is rendered: the form keeps the others' values. */
  children: (lang: ContentLanguage) => ReactNode;
}

/**
 * English / Hindi tabs over a form's per-language fields (WAI-ARIA tabs: arrow keys, Home and End move
 * and select; only the selected tab is in the Tab order).
 */
export function LanguageTabs({ id, tabs, active, onSelect, children }: Props) {
  const refs = useRef(new Map<ContentLanguage, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const lang = tabs[next].lang;
    onSelect(lang);
    refs.current.get(lang)?.focus();
  };

  return (
    <div className="language-tabs">
      <div role="tablist" aria-label={en.content.tabsLabel} className="tablist">
        {tabs.map((tab, index) => {
          const selected = tab.lang === active;
          return (
            <button
              key={tab.lang}
              ref={(el) => {
                if (el) refs.current.set(tab.lang, el);
                else refs.current.delete(tab.lang);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.lang}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.lang}`}
              tabIndex={selected ? 0 : -1}
              className={`tab${selected ? ' tab-selected' : ''}`}
              onClick={() => onSelect(tab.lang)}
              onKeyDown={(e) => move(e, index)}
            >
              {en.content.languages[tab.lang]}
              {tab.status && <span className={`tab-status${tab.incomplete ? ' tab-status-warning' : ''}`}> — {tab.status}</span>}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.lang} role="tabpanel" id={`${id}-panel-${tab.lang}`} aria-labelledby={`${id}-tab-${tab.lang}`} hidden={tab.lang !== active} className="tabpanel">
          {tab.lang === active && children(tab.lang)}
        </div>
      ))}
    </div>
  );
}
