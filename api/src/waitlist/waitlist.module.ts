import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { WaitlistEntryEntity } from './waitlist-entry.entity';
import { WaitlistEventFieldsResolver, WaitlistResolver } from './waitlist.resolver';
import { waitlistRoutes } from './waitlist.rest';
import type { EventDecoration } from './waitlist.service';

export const waitlistModule = defineModule({
  name: 'waitlist',
  entities: [WaitlistEntryEntity],
  // The waiting list (its Event fields too).
  resolvers: [WaitlistResolver, WaitlistEventFieldsResolver],
  routes: waitlistRoutes,
  tags: { 'Waiting list': 'Joining and leaving a full event\'s waiting list, and taking up a place it offers.' },
  loaders: (services, viewer) => ({
    /** Each event's waiting list as the viewer sees it (count, their own entry): Event.waitlistCount and Event.myWaitlist. */
    waitlist: new DataLoader<string, EventDecoration>((eventIds) => services.waitlist.eventDecorations(viewer, eventIds)),
  }),
});
