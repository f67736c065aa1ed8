import { describe, expect, it } from 'vitest';
import { inviteCodeOf, inviteUrl, withoutInvite } from './invite-link';
import { shareText, shareUrl } from './share';

describe('invite links', () => {
  it('build, read and remove the invite', () => {
    expect(inviteUrl('https://duel.example', 'Ab_9-x')).toBe('https://duel.example/?invite=Ab_9-x');
    expect(inviteCodeOf('?invite=Ab_9-x')).toBe('Ab_9-x');
    expect(inviteCodeOf('?invite=')).toBeNull();
    expect(inviteCodeOf('')).toBeNull();
    expect(withoutInvite('?invite=abc')).toBe('');
    expect(withoutInvite('?ref=x&invite=abc')).toBe('?ref=x');
  });
});

describe('share on social', () => {
  it('posts the result and the link', () => {
    expect(shareText('won', 'yuki')).toBe('I just won a duel against yuki on Duel Dojo! ⚔️');
    const url = new URL(shareUrl('draw', 'yuki', 'https://duel.example'));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('url')).toBe('https://duel.example/');
    expect(url.searchParams.get('text')).toContain('a draw');
  });
});
