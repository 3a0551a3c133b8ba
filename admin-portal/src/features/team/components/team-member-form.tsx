import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminTeamMemberFieldsFragment } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { Field, fieldA11y } from '@/components/ui/field';
import { ImagePicker } from '@/components/ui/image-picker';
import { isUrl } from '@/features/events/components/event-form';

const t = en.team;
export const socialNetworks = ['facebook', 'linkedin', 'twitter', 'github'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export interface TeamMemberFormValues {
  name: string;
  designation: string;
  description: string;
  facebook: string;
  linkedin: string;
  twitter: string;
  github: string;
}

export function toTeamFormValues(m?: AdminTeamMemberFieldsFragment | null): TeamMemberFormValues {
  return {
    name: m?.name ?? '',
    designation: m?.designation ?? '',
    description: m?.description ?? '',
    facebook: m?.socialLinks.facebook ?? '',
    linkedin: m?.socialLinks.linkedin ?? '',
    twitter: m?.socialLinks.twitter ?? '',
    github: m?.socialLinks.github ?? '',
  };
}

interface Props {
  member: AdminTeamMemberFieldsFragment | null;
  onSubmit: (values: TeamMemberFormValues, image: File | null) => Promise<void>;
  onCancel: () => void;
}

/** Add (image required) or edit (image optional) a team member. */
export function TeamMemberForm({ member, onSubmit, onCancel }: Props) {
  const creating = !member;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TeamMemberFormValues>({ defaultValues: toTeamFormValues(member) });

  const submit = async (values: TeamMemberFormValues) => {
    if (creating && !image) {
      setImageError(t.validation.imageRequired);
      return;
    }
    setFormError(null);
    try {
      await onSubmit(values, image);
    } catch (err) {
      for (const [name, message] of Object.entries(validationFields(err))) {
        const key = name.replace(/^socialLinks\./, '');
        if (key in values) setError(key as keyof TeamMemberFormValues, { type: 'server', message });
      }
      setFormError(describeError(err, t.saveFailed));
    }
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
  const required = (message: string) => ({ validate: (s: string) => !!s.trim() || message });

  return (
    <form onSubmit={handleSubmit(submit, () => creating && !image && setImageError(t.validation.imageRequired))} noValidate className="form card" aria-labelledby="team-form-title">
      <h3 id="team-form-title" className="card-title">
        {creating ? t.formAddTitle : t.formEditTitle}
      </h3>
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <div className="form-grid">
        <Field id="team-name" label={t.fields.name} error={err('name')} required>
          <input {...fieldA11y('team-name', err('name'), undefined, true)} type="text" {...register('name', required(t.validation.nameRequired))} />
        </Field>
        <Field id="team-designation" label={t.fields.designation} error={err('designation')} required>
          <input
            {...fieldA11y('team-designation', err('designation'), undefined, true)}
            type="text"
            {...register('designation', required(t.validation.designationRequired))}
          />
        </Field>
        <div className="form-span">
          <Field id="team-description" label={t.fields.description} error={err('description')} required>
            <textarea
              {...fieldA11y('team-description', err('description'), undefined, true)}
              rows={4}
              {...register('description', required(t.validation.descriptionRequired))}
            />
          </Field>
        </div>
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
            <input
              {...fieldA11y(`team-${network}`, err(network))}
              type="url"
              placeholder="https://"
              {...register(network, { validate: (s) => !s.trim() || isUrl(s.trim()) || t.validation.urlInvalid })}
            />
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
