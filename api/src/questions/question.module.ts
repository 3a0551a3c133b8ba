import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import type { Answers } from './question-rules';
import { QuestionSetEntity } from './question-set.entity';
import { QuestionEventFieldsResolver, QuestionResolver } from './question.resolver';
import { questionAdminRoutes, questionRoutes } from './question.rest';

export const questionsModule = defineModule({
  name: 'questions',
  entities: [QuestionSetEntity],
  // Answers and question sets, and Event's question fields.
  resolvers: [QuestionResolver, QuestionEventFieldsResolver],
  routes: questionRoutes,
  adminRoutes: questionAdminRoutes,
  loaders: (services, viewer) => ({
    /** The viewer's answers per event (null where not registered): Event.myAnswers, one query per request. */
    myAnswers: new DataLoader<string, Answers | null>((eventIds) => services.questions.myAnswers(viewer, eventIds)),
  }),
});
