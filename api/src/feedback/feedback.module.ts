import { defineModule } from '../common/module';
import { EventFeedbackEntity } from './feedback.entity';

export const feedbackModule = defineModule({
  name: 'feedback',
  entities: [EventFeedbackEntity],
});
