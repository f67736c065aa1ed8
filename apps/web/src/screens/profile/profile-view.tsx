import type { UserProfile } from '@duel-dojo/protocol';
import { useState } from 'react';
import { Tabs, panelId, tabId } from '../../components/tabs/tabs';
import { BadgesTab } from './badges-tab';
import { HistoryTab } from './history-tab';
import { OverviewTab } from './overview-tab';
import { ProfileHeader } from './profile-header';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'collection', label: 'Character Collection' },
  { id: 'badges', label: 'Badges' },
  { id: 'history', label: 'Battle History' },
] as const;
type ProfileTab = (typeof TABS)[number]['id'];

export function ProfileView({ profile, isOwn, token }: { readonly profile: UserProfile; readonly isOwn: boolean; readonly token: string | null }) {
  const [tab, setTab] = useState<ProfileTab>('overview');
  return (
    <>
      <ProfileHeader profile={profile} isOwn={isOwn} />
      <Tabs tabs={TABS} active={tab} onChange={setTab} idPrefix="profile" label="Profile sections" />
      <section role="tabpanel" id={panelId('profile', tab)} aria-labelledby={tabId('profile', tab)}>
        {tab === 'overview' && <OverviewTab profile={profile} isOwn={isOwn} />}
        {tab === 'collection' && <p className="muted">Character Collection: coming soon.</p>}
        {tab === 'badges' && <BadgesTab profile={profile} />}
        {tab === 'history' && <HistoryTab wallet={profile.walletAddress} isOwn={isOwn} token={token} />}
      </section>
    </>
  );
}
