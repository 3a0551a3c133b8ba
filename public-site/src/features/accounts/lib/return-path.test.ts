import { returnPath } from './return-path';

describe('returnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(returnPath({ from: '/events/ev-1?offer=accept' })).toBe('/events/ev-1?offer=accept');
    // Back from Register Now with the registration in focus (issue 24, item 2).
    expect(returnPath({ from: '/events/ev-1#register' })).toBe('/events/ev-1#register');
  });

  it('refuses other origins, odd values and the signed-out account pages', () => {
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'events', '/login', '/register?x=1', '/logout']) {
      expect(returnPath({ from })).toBeUndefined();
    }
    expect(returnPath(null)).toBeUndefined();
    expect(returnPath({ from: 42 })).toBeUndefined();
  });
});
