import type { ElementType } from 'react';
import { en } from '@/i18n/en';
import type { LocalizedText } from '@/lib/content-languages';

interface Props {
  value: LocalizedText;
  as?: ElementType;
  className?: string;
  /** Say "Not written yet" when there is no text in any language (required fields); otherwise show nothing. */
  placeholder?: boolean;
}

/**
 * One field of a public-card preview: the text in the language it is really in (so a Hindi card that
 * falls back reads its English parts in English), and a note where Hindi fell back to English.
 */
export function PreviewText({ value, as: Tag = 'p', className, placeholder = true }: Props) {
  if (!value.text) {
    if (!placeholder) return null;
    return (
      <Tag className={`${className ?? ''} preview-empty`.trim()} lang="en">
        {en.content.previewEmpty}
      </Tag>
    );
  }
  return (
    <Tag className={className}>
      <span lang={value.lang}>{value.text}</span>
      {value.fellBack && (
        <span className="preview-fallback" lang="en">
          {en.content.fallback}
        </span>
      )}
    </Tag>
  );
}
