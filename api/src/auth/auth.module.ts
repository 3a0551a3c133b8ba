import { defineModule } from '../common/module';
import { AuthResolver } from './auth.resolver';
import { authRoutes } from './auth.rest';
import { OtpCodeEntity } from './otp-code.entity';

export const authModule = defineModule({
  name: 'auth',
  entities: [OtpCodeEntity],
  resolvers: [AuthResolver],
  routes: authRoutes,
  tags: { Accounts: 'Registration, one-time codes and sign-in of people (students, graduates, teachers).' },
});
