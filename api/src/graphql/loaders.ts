import DataLoader from 'dataloader';
import type { MyCheckInRow } from '../checkin/checkin.service';
import type { MyCertificateRow } from '../certificates/certificate.service';
import type { Viewer } from '../common/access';
import type { Services } from '../services';
import type { EventDecoration } from '../waitlist/waitlist.service';

/** Per-request batch loaders: one query per field across a whole list, never one per row. */
export function createLoaders(services: Services, viewer: Viewer | null) {
  return {
    /** Whether the current viewer is registered for each event id. */
    isRegistered: new DataLoader<string, boolean>((eventIds) => services.registrations.registeredFlags(viewer, eventIds)),
    /** Each event's waiting list as the viewer sees it (count, their own entry): Event.waitlistCount and Event.myWaitlist. */
    waitlist: new DataLoader<string, EventDecoration>((eventIds) => services.waitlist.eventDecorations(viewer, eventIds)),
    /** The viewer's check-in code for each event id (null where not registered, or signed out): Event.myCheckIn. */
    myCheckIn: new DataLoader<string, MyCheckInRow | null>((eventIds) => services.checkIns.myCheckIns(viewer, eventIds)),
    /** The viewer's certificate for each event id (null where none was issued to them, or signed out): Event.myCertificate. */
    myCertificate: new DataLoader<string, MyCertificateRow | null>((eventIds) => services.certificates.myCertificates(viewer, eventIds)),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
