import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { EventFeedbackEntity } from './feedback.entity';
import { FeedbackEventFieldsResolver, FeedbackResolver } from './feedback.resolver';
import { feedbackAdminRoutes, feedbackRoutes } from './feedback.rest';
import type { MyFeedbackStatus } from './feedback.types';

export const feedbackModule = defineModule({
  name: 'feedback',
  entities: [EventFeedbackEntity],
  // The attendee's form and the admins' summary (Event.myFeedback too).
  resolvers: [FeedbackResolver, FeedbackEventFieldsResolver],
  routes: feedbackRoutes,
  adminRoutes: feedbackAdminRoutes,
  tags: { Feedback: 'Feedback after an event: the attendee\'s form (by the mailed link or signed in), the admins\' summary, CSV and extra questions.' },
  loaders: (services, viewer) => ({
    /** The viewer's feedback status per event id: Event.myFeedback. */
    myFeedback: new DataLoader<string, MyFeedbackStatus | null>((eventIds) => services.feedback.myStatuses(viewer, eventIds)),
  }),
});
