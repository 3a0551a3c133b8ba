import { defineModule } from '../common/module';
import { EventSeriesEntity } from './event-series.entity';
import { SeriesEventFieldsResolver, SeriesResolver } from './series.resolver';
import { seriesAdminRoutes } from './series.rest';

export const seriesModule = defineModule({
  name: 'series',
  entities: [EventSeriesEntity],
  // Repeating an event, and the Event's other dates.
  resolvers: [SeriesResolver, SeriesEventFieldsResolver],
  adminRoutes: seriesAdminRoutes,
});
