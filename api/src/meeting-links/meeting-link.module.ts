import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { MeetingLinkEventFieldsResolver } from './meeting-link.resolver';

export const meetingLinksModule = defineModule({
  name: 'meeting-links',
  resolvers: [MeetingLinkEventFieldsResolver],
  loaders: (services, viewer) => ({
    /** Each event's meeting link as the viewer may see it (undefined: not theirs to see): Event.meetingLink. */
    meetingLinks: new DataLoader<string, string | null | undefined>((eventIds) => services.meetingLinks.linksFor(viewer, eventIds)),
  }),
});
