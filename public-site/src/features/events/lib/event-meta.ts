import type { EventDetailFieldsFragment } from '@/gql/graphql';
import { intlLocale, type Language } from '@/i18n';
import { formatEventDate } from '@/lib/format';
import type { PageMeta } from '@/rendering/page-data';
import { EVENT_IMAGE_SIZES } from './event-image';

/** One line of plain text of at most `max` characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}\u2026`;
}

/** An event page's link preview: its title, a line with its date, place and description, its image. */
export function eventMeta(event: Pick<EventDetailFieldsFragment, 'title' | 'description' | 'date' | 'location' | 'imageUrl' | 'imageSrcSet'>, lang: Language): PageMeta {
  return {
    title: event.title,
    description: summary(`${formatEventDate(event.date, intlLocale[lang], 'long')} \u00b7 ${event.location}. ${event.description}`),
    image: event.imageUrl ?? undefined,
    imageSrcSet: event.imageUrl ? (event.imageSrcSet ?? undefined) : undefined,
    imageSizes: event.imageUrl ? EVENT_IMAGE_SIZES : undefined,
    type: 'article',
  };
}
