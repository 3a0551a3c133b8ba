export const DESCRIPTION_PREVIEW_LENGTH = 150;

type Granularity = 'grapheme' | 'word';
const segmenters = new Map<string, Intl.Segmenter>();

/** One Intl.Segmenter per locale and granularity, made on first use; null where the browser has none. */
function segmenter(locale: string, granularity: Granularity): Intl.Segmenter | null {
  if (typeof Intl.Segmenter !== 'function') return null;
  const key = `${locale}|${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

/**
 * The first `length` characters of a description followed by '...' (whole text when it is short enough).
 * Characters are what a reader sees (grapheme clusters: क्षि is one, never split from its vowel sign), and
 * the cut falls after the last whole word that fits, in any language ("बच्चों की..." never "बच्चों की क...");
 * a first word longer than the whole preview is cut between characters.
 */
export function descriptionPreview(description: string, locale = 'en', length = DESCRIPTION_PREVIEW_LENGTH): string {
  const text = description.trim();
  const graphemes = segmenter(locale, 'grapheme');
  const words = segmenter(locale, 'word');
  if (!graphemes || !words) return previewWithoutSegmenter(text, length);
  // Where the (length + 1)th character starts, in UTF-16 units: none when the text is short enough.
  let limit = -1;
  let count = 0;
  for (const { index } of graphemes.segment(text)) {
    if (count === length) {
      limit = index;
      break;
    }
    count += 1;
  }
  if (limit < 0) return text;
  let cut = 0;
  for (const { index, segment, isWordLike } of words.segment(text)) {
    const end = index + segment.length;
    if (end > limit) break;
    if (isWordLike) cut = end;
  }
  return `${text.slice(0, cut || limit).trimEnd()}...`;
}

/** Without Intl.Segmenter (older browsers): code points, cut at the last space that fits. */
function previewWithoutSegmenter(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const head = chars.slice(0, length + 1).join('');
  const space = head.search(/\s\S*$/);
  return `${(space > 0 ? head.slice(0, space) : chars.slice(0, length).join('')).trimEnd()}...`;
}
