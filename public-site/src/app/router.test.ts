import { appRoutes } from './router';
import { paths } from '@/config/paths';

describe('the route table', () => {
  it('prerenders only pages that look the same to every signed-out visitor', () => {
    const prerendered = appRoutes.filter((route) => route.prerender).map((route) => route.path);
    for (const signedIn of [paths.profile.path, paths.dashboard.path, paths.settings.path, paths.logout.path, paths.stopReminders.path, paths.certificate.path, paths.myEvents.path, '*']) {
      expect(prerendered).not.toContain(signedIn);
    }
    expect(prerendered).toEqual(expect.arrayContaining([paths.home.path, paths.events.path, paths.event.path, paths.contact.path, paths.login.path]));
  });
});
