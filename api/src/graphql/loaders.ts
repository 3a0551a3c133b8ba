import DataLoader from 'dataloader';
import type { Viewer } from '../common/access';
import type { Services } from '../services';

/** Per-request batch loaders: one query per field across a whole list, never one per row. */
export function createLoaders(services: Services, viewer: Viewer | null) {
  return {
    /** Whether the current viewer is registered for each event id. */
    isRegistered: new DataLoader<string, boolean>((eventIds) => services.registrations.registeredFlags(viewer, eventIds)),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
