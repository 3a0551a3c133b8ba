import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { MeetingLinkEventFieldsResolver, MeetingLinkSessionFieldsResolver } from './meeting-link.resolver';
import type { SessionLinks } from './meeting-link.service';

export const meetingLinksModule = defineModule({
  name: 'meeting-links',
  resolvers: [MeetingLinkEventFieldsResolver, MeetingLinkSessionFieldsResolver],
  loaders: (services, viewer) => ({
    /** Each event's meeting link as the viewer may see it (undefined: not theirs to see): Event.meetingLink. */
    meetingLinks: new DataLoader<string, string | null | undefined>((eventIds) => services.meetingLinks.linksFor(viewer, eventIds)),
    /** Each event's sessions' own links as the viewer may see them (undefined: not theirs to see): EventSession.meetingLink. */
    sessionMeetingLinks: new DataLoader<string, SessionLinks | undefined>((eventIds) => services.meetingLinks.sessionLinksFor(viewer, eventIds)),
  }),
});
