import type { LocalizedText } from '../i18n/translations';
import type { EventEntity } from './event.entity';
import type { EventTextField } from './event.types';

export const EVENT_TEXT_COLUMNS: Record<EventTextField, string> = { title: 'title', description: 'description', location: 'location', speaker: 'speaker' };

/** An event's text: English from its columns, other languages as stored. */
export const eventText = (e: Pick<EventEntity, 'title' | 'description' | 'location' | 'speaker' | 'translations'>): LocalizedText<EventTextField> => ({
  source: { title: e.title, description: e.description, location: e.location, speaker: e.speaker },
  translations: e.translations ?? {},
});
