// The profile header's XP: the figure beside "XP" is the player's total, not the part of it
// earned within the current level.
import type { UserProfile } from '@duel-dojo/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header';

const WALLET = '11111111111111111111111111111111';
const date = '2026-01-01T00:00:00.000Z';
const profile: UserProfile = {
  username: 'kenji', displayName: 'Kenji', walletAddress: WALLET, joinedDate: date, createdAt: date, lastActiveDate: date,
  level: 2, experience: 70, characterId: 7, achievements: [], referralCode: null, totalReferrals: 0,
  preferences: { soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: true },
  stats: {
    totalMatches: 3, wins: 1, losses: 2, draws: 0, totalEarnings: '0', totalLosses: '0', biggestWin: '0', biggestLoss: '0',
    longestWinStreak: 1, currentWinStreak: 0, favoriteCharacter: 7, totalRoundsPlayed: 9, averageRoundsPerGame: 3, freeGamesPlayed: 3, paidGamesPlayed: 0, tournamentMatchesPlayed: 0,
  },
};

describe('the profile header', () => {
  it('shows a 70-XP player their 70 XP, and what the next level still needs', () => {
    render(<ProfileHeader profile={profile} isOwn />);
    const meter = screen.getByRole('meter', { name: 'XP' });
    // Level 2 starts at 50 XP and level 3 at 200: 20 of the 150 between them are earned.
    expect(meter).toHaveAttribute('aria-valuenow', '20');
    expect(meter).toHaveAttribute('aria-valuemax', '150');
    expect(meter).toHaveAttribute('aria-valuetext', '70');
    expect(meter.parentElement).toHaveTextContent(/^XP70$/);
    expect(screen.getByText('70 XP · 130 more to level 3')).toBeInTheDocument();
  });
});
