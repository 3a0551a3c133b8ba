import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { AdminTeamMemberFieldsFragment } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { rulesResolver } from '@/lib/rules-resolver';
import { useObjectUrl } from '@/lib/use-object-url';
import { Field, fieldA11y } from '@/components/ui/field';
import { ImagePicker } from '@/components/ui/image-picker';
import { LanguageTabs } from '@/components/ui/language-tabs';
import { socialNetworks, teamTextFields, toTeamFormValues, validateTeamMemberForm, type TeamMemberFormValues } from '../lib/team-rules';
import { LanguageTextPanel } from '@/components/ui/language-text-panel';
import { useLanguageForm } from '@/lib/use-language-form';
import { TeamCardPreview } from './team-card-preview';

const t = en.team;
const resolver = rulesResolver(validateTeamMemberForm);

interface Props {
  member: AdminTeamMemberFieldsFragment | null;
  onSubmit: (values: TeamMemberFormValues, image: File | null) => Promise<void>;
  onCancel: () => void;
}

/** Add (image required) or edit (image optional) a team member, in English and Hindi. */
export function TeamMemberForm({ member, onSubmit, onCancel }: Props) {
  const creating = !member;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
    // The form focuses the first error itself: it may sit on the other language's tab, which must open first.
  } = useForm<TeamMemberFormValues>({ defaultValues: toTeamFormValues(member), resolver, shouldFocusError: false });
  const chosenPhotoUrl = useObjectUrl(image);
  const photoUrl = chosenPhotoUrl ?? member?.imageUrl ?? null;
  const { lang, setLang, tabs, revealFirstError } = useLanguageForm({ control, setFocus, specs: teamTextFields, otherNames: socialNetworks });

  const submit = async (values: TeamMemberFormValues) => {
    if (creating && !image) {
      setImageError(t.validation.imageRequired);
      return;
    }
    setFormError(null);
    try {
      await onSubmit(values, image);
    } catch (err) {
      const serverErrors: FieldErrors<TeamMemberFormValues> = {};
      for (const [name, message] of Object.entries(validationFields(err))) {
        const key = name.replace(/^socialLinks\./, '') as keyof TeamMemberFormValues;
        if (!(key in values)) continue;
        setError(key, { type: 'server', message });
        serverErrors[key] = { type: 'server', message };
      }
      setFormError(describeError(err, t.saveFailed));
      revealFirstError(serverErrors);
    }
  };

  const invalid = (fieldErrors: FieldErrors<TeamMemberFormValues>) => {
    if (creating && !image) setImageError(t.validation.imageRequired);
    revealFirstError(fieldErrors);
  };

  const pick = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setImage(null);
      setImageError(en.events.validation.imageType);
      return;
    }
    setImageError(undefined);
    setImage(file);
  };

  const err = (name: keyof TeamMemberFormValues) => errors[name]?.message;

  return (
    <form onSubmit={handleSubmit(submit, invalid)} noValidate className="form card" aria-labelledby="team-form-title">
      <h3 id="team-form-title" className="card-title">
        {creating ? t.formAddTitle : t.formEditTitle}
      </h3>
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <LanguageTabs
        id="team-text"
        active={lang}
        onSelect={setLang}
        tabs={tabs}
      >
        {(shown) => (
          <LanguageTextPanel
            lang={shown}
            idPrefix="team"
            specs={teamTextFields}
            register={register}
            control={control}
            errors={errors}
            preview={<TeamCardPreview lang={shown} control={control} photoUrl={photoUrl} />}
          />
        )}
      </LanguageTabs>
      <h4 className="section-title shared-fields-title">{en.content.sharedFields}</h4>
      <div className="form-grid">
        <div className="form-span">
          <ImagePicker
            id="team-image"
            label={t.fields.image}
            previewAlt={t.fields.imagePreview}
            currentUrl={member?.imageUrl}
            currentAlt={member?.name}
            required={creating}
            error={imageError}
            file={image}
            onChange={pick}
          />
        </div>
        {socialNetworks.map((network) => (
          <Field key={network} id={`team-${network}`} label={t.fields[network]} error={err(network)}>
            <input {...fieldA11y(`team-${network}`, err(network))} type="url" placeholder="https://" {...register(network)} />
          </Field>
        ))}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {en.common.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? en.common.saving : creating ? t.add : t.save}
        </button>
      </div>
    </form>
  );
}
