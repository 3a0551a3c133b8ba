export const DESCRIPTION_PREVIEW_LENGTH = 150;

/** The first 150 characters of a description followed by '...' (whole text when it is short enough). */
export function descriptionPreview(description: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  const text = description.trim();
  if (text.length <= length) return text;
  return `${text.slice(0, length)}...`;
}
