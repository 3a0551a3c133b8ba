import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { CheckInEventFieldsResolver, CheckInResolver } from './checkin.resolver';
import { checkInRoutes } from './checkin.rest';
import type { MyCheckInRow } from './checkin.service';

export const checkInModule = defineModule({
  name: 'checkin',
  // Check-in at the door, attendance (Event.myCheckIn too).
  resolvers: [CheckInResolver, CheckInEventFieldsResolver],
  adminRoutes: checkInRoutes,
  tags: { 'Admin: check-in': 'The door page: checking people in and undoing it.' },
  loaders: (services, viewer) => ({
    /** The viewer's check-in code for each event id (null where not registered, or signed out): Event.myCheckIn. */
    myCheckIn: new DataLoader<string, MyCheckInRow | null>((eventIds) => services.checkIns.myCheckIns(viewer, eventIds)),
  }),
});
