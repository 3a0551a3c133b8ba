import { Transform } from 'class-transformer';
import { IsOptional, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { Field } from 'type-graphql';

export const MEETING_LINK_MESSAGE = 'Meeting link must be an https:// address';

/**
 * `meetingLink` on the event inputs: an https URL (the meeting's page: Zoom, Meet, Jitsi ...), at most
 * 500 characters. On an edit (`clearable`), an empty string or null removes it.
 */
export function MeetingLinkField(options: { clearable?: boolean } = {}): PropertyDecorator {
  return (target, key) => {
    Field(() => String, {
      nullable: true,
      description: options.clearable
        ? 'The online meeting (https); shown only to registrants and admins. Empty string clears it'
        : 'The online meeting (https); shown only to registrants and admins',
    })(target, key);
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || (options.clearable ? '' : undefined) : value === null ? (options.clearable ? '' : undefined) : value))(target, key);
    IsOptional()(target, key);
    ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== '')(target, key);
    IsUrl({ protocols: ['https'], require_protocol: true, require_valid_protocol: true }, { message: MEETING_LINK_MESSAGE })(target, key);
    MaxLength(500, { message: 'Meeting link is too long (500 characters at most)' })(target, key);
  };
}
