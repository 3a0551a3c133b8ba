import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { RegistrationEntity } from './registration.entity';
import { RegistrationResolver } from './registration.resolver';
import { registrationRoutes } from './registration.rest';

export const registrationsModule = defineModule({
  name: 'registrations',
  entities: [RegistrationEntity],
  resolvers: [RegistrationResolver],
  routes: registrationRoutes,
  tags: { Registration: "Registering for an event and leaving it, with the caller's own token." },
  loaders: (services, viewer) => ({
    /** Whether the current viewer is registered for each event id. */
    isRegistered: new DataLoader<string, boolean>((eventIds) => services.registrations.registeredFlags(viewer, eventIds)),
  }),
});
