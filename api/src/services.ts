import path from 'node:path';
import type { DataSource } from 'typeorm';
import { AuditService } from './audit/audit.service';
import { TokenService } from './auth/token.service';
import { ViewerService } from './auth/viewer.service';
import { systemClock, type Clock } from './common/clock';
import type { Logger } from './common/logger';
import type { Config } from './config/env';
import { ContactService } from './contacts/contact.service';
import { EventService } from './events/event.service';
import { RateLimitService } from './rate-limit/rate-limit.service';
import { RegistrationService } from './registrations/registration.service';
import { TeamService } from './team/team.service';
import { ImageService } from './uploads/image.service';
import { LocalFileStorage, type FileStorage } from './uploads/storage';
import { VisitorService } from './visitors/visitor.service';

export interface ServiceDeps {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  clock?: Clock;
  storage?: FileStorage;
}

/** Builds every service once; GraphQL resolvers and REST handlers both call these. */
export function createServices(deps: ServiceDeps) {
  const { dataSource, config, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  const tokens = new TokenService(config, clock);
  const images = new ImageService(storage);
  return {
    dataSource,
    config,
    clock,
    logger,
    storage,
    tokens,
    images,
    viewers: new ViewerService(dataSource, tokens),
    audit: new AuditService(dataSource),
    rateLimits: new RateLimitService(dataSource, clock),
    events: new EventService(dataSource, clock, images),
    registrations: new RegistrationService(dataSource),
    contacts: new ContactService(dataSource),
    team: new TeamService(dataSource, images),
    visitors: new VisitorService(dataSource),
  };
}

export type Services = ReturnType<typeof createServices>;
