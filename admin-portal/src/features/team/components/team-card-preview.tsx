import { useWatch, type Control } from 'react-hook-form';
import { en } from '@/i18n/en';
import { localizeField, type ContentLanguage } from '@/lib/content-languages';
import { PreviewText } from '@/components/ui/preview-text';
import type { TeamMemberFormValues } from '../lib/team-rules';
import '../team.css';

interface Props {
  lang: ContentLanguage;
  control: Control<TeamMemberFormValues>;
  /** The chosen photo's preview, or the member's current photo; null for none. */
  photoUrl: string | null;
}

/** The member's card on the public team page in one language, each Hindi field falling back to English on its own. */
export function TeamCardPreview({ lang, control, photoUrl }: Props) {
  const [name, nameHi, designation, designationHi, description, descriptionHi] = useWatch({
    control,
    name: ['name', 'nameHi', 'designation', 'designationHi', 'description', 'descriptionHi'],
  });
  const shown = (english: string, hindi: string) => localizeField(lang === 'hi' ? hindi : english, english, lang);
  const headingId = `team-preview-${lang}`;

  return (
    <section className="card-preview" aria-labelledby={headingId}>
      <h4 id={headingId} className="card-preview-heading">
        {en.content.previewTitle(en.content.languages[lang])}
      </h4>
      <article className="preview-card preview-team-card" lang={lang}>
        {photoUrl ? (
          <img className="preview-team-photo" src={photoUrl} alt="" />
        ) : (
          <div className="preview-team-photo preview-card-no-image" lang="en">
            {en.content.previewNoPhoto}
          </div>
        )}
        <div className="preview-card-body">
          <PreviewText className="preview-card-title" value={shown(name, nameHi)} />
          <PreviewText className="preview-team-designation" value={shown(designation, designationHi)} />
          <PreviewText className="preview-card-line preview-clamp" value={shown(description, descriptionHi)} />
        </div>
      </article>
    </section>
  );
}
