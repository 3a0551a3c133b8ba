import DataLoader from 'dataloader';
import type { Viewer } from '../common/access';
import type { Services } from '../services';

/** Per-request batch loaders: one query per field across a whole list, never one per row. */
export function createLoaders(services: Services, viewer: Viewer | null) {
  return {
    /** Whether the current viewer is registered for each event id. */
    isRegistered: new DataLoader<string, boolean>(async (eventIds) => {
      if (!viewer) return eventIds.map(() => false);
      const registered = await services.registrations.registeredEventIds(viewer.id, eventIds as string[]);
      return eventIds.map((id) => registered.has(id));
    }),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
