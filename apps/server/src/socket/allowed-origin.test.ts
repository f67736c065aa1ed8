import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './allowed-origin';

describe('isAllowedOrigin', () => {
  const publicOrigins = ['https://duel.example.com', 'https://www.duel.example.com'];

  it('lets programs without an Origin header through (they authenticate by token)', () => {
    expect(isAllowedOrigin(undefined, publicOrigins)).toBe(true);
  });

  it('allows every origin PUBLIC_ORIGIN lists, and only those', () => {
    expect(isAllowedOrigin('https://duel.example.com', publicOrigins)).toBe(true);
    expect(isAllowedOrigin('https://www.duel.example.com', publicOrigins)).toBe(true);
    // Reaching the server at another address is not enough: that address must be listed.
    expect(isAllowedOrigin('http://127.0.0.1:3000', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('http://duel.example.com', publicOrigins)).toBe(false);
  });

  it('SECURITY 23: refuses other origins and junk', () => {
    expect(isAllowedOrigin('https://evil.example', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('https://duel.example.com.evil.example', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('null', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('chrome-extension://abc', publicOrigins)).toBe(false);
    expect(isAllowedOrigin('https://duel.example.com/path', publicOrigins)).toBe(false);
  });
});
