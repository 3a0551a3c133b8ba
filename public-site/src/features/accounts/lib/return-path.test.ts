import { returnPath, returnSearch } from './return-path';

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

  it('reads ?from= when the state has none (Register Now without script), with the same checks', () => {
    expect(returnPath(null, '?from=%2Fevents%2Fev-1%23register')).toBe('/events/ev-1#register');
    expect(returnPath({ from: '/events/a' }, '?from=%2Fevents%2Fb')).toBe('/events/a');
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/\t/evil.example', '/login', 'events']) {
      expect(returnPath(null, `?from=${encodeURIComponent(from)}`)).toBeUndefined();
    }
    expect(returnPath(null, '?from=/%0A/evil.example')).toBeUndefined();
    expect(returnPath(null, '')).toBeUndefined();
  });

  it('passes a valid ?from= on between login and sign-up, and nothing else', () => {
    expect(returnSearch('?from=%2Fevents%2Fev-1%23register&x=1')).toBe('?from=%2Fevents%2Fev-1%23register');
    expect(returnSearch('?from=%2F%2Fevil.example')).toBe('');
    expect(returnSearch('')).toBe('');
  });
});
