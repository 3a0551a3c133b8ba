import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { EventSessionEntity, SessionAttendanceEntity } from './event-session.entity';
import { EventSessionResolver, SessionEventFieldsResolver } from './session.resolver';
import type { MySessionAttendance } from './session.service';
import type { EventSessionView } from './session.types';

export const sessionsModule = defineModule({
  name: 'sessions',
  // Events with several sessions: Event.sessions and the viewer's attendance per session.
  entities: [EventSessionEntity, SessionAttendanceEntity],
  resolvers: [SessionEventFieldsResolver, EventSessionResolver],
  loaders: (services, viewer) => ({
    /** Each event's sessions (one query per request). */
    sessions: new DataLoader<string, EventSessionView[]>((ids) => services.sessions.sessionsOfIds(ids)),
    /** The viewer's attendance per session of each event (null where not registered, or signed out). */
    mySessionAttendance: new DataLoader<string, MySessionAttendance[] | null>((ids) => services.sessions.myAttendanceOfIds(viewer, ids)),
  }),
});
