import { useObjectUrl } from '@/lib/use-object-url';
import { Field, fieldA11y } from './field';

interface Props {
  id: string;
  label: string;
  previewAlt: string;
  currentUrl?: string | null;
  currentAlt?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** An image file input with a preview of the chosen file (or the current image) before upload. */
export function ImagePicker({ id, label, previewAlt, currentUrl, currentAlt, error, hint, required, file, onChange }: Props) {
  const preview = useObjectUrl(file);
  const shown = preview ?? currentUrl ?? null;
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <div className="image-picker">
        {shown && <img className="image-preview" src={shown} alt={preview ? previewAlt : (currentAlt ?? '')} />}
        <input
          {...fieldA11y(id, error, hint, required)}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </div>
    </Field>
  );
}
