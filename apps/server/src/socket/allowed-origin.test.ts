import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './allowed-origin';

describe('isAllowedOrigin', () => {
  const publicOrigin = 'https://duel.example.com';

  it('lets programs without an Origin header through (they authenticate by token)', () => {
    expect(isAllowedOrigin(undefined, 'duel.example.com', publicOrigin)).toBe(true);
  });

  it('allows PUBLIC_ORIGIN and the address the page reached us at', () => {
    expect(isAllowedOrigin('https://duel.example.com', 'duel.example.com', publicOrigin)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', publicOrigin)).toBe(true);
  });

  it('SECURITY 23: refuses other origins and junk', () => {
    expect(isAllowedOrigin('https://evil.example', 'duel.example.com', publicOrigin)).toBe(false);
    expect(isAllowedOrigin('https://duel.example.com.evil.example', 'duel.example.com', publicOrigin)).toBe(false);
    expect(isAllowedOrigin('null', 'duel.example.com', publicOrigin)).toBe(false);
    expect(isAllowedOrigin('chrome-extension://abc', 'abc', publicOrigin)).toBe(false);
  });
});
