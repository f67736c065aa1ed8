// How to play: four tabs, Combat by default, every number from packages/rules.
import { DEFAULT_HOW_TO_PLAY_TAB, HOW_TO_PLAY_TABS, type HowToPlayTab } from '@duel-dojo/rules';
import { useState } from 'react';
import { Link } from '../../routing';
import { PageHeader } from '../../components/page-header/page-header';
import { Tabs, panelId, tabId } from '../../components/tabs/tabs';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { CharactersTab } from './characters-tab';
import { CombatTab } from './combat-tab';
import { ControlsTab } from './controls-tab';
import { OverviewTab } from './overview-tab';

const PANELS: Readonly<Record<HowToPlayTab, () => React.ReactElement>> = {
  overview: OverviewTab,
  characters: CharactersTab,
  combat: CombatTab,
  controls: ControlsTab,
};

export default function HowToPlayScreen() {
  useDocumentTitle('How to play');
  const [tab, setTab] = useState<HowToPlayTab>(DEFAULT_HOW_TO_PLAY_TAB);
  const Panel = PANELS[tab];
  return (
    <div className="container">
      <PageHeader kicker="The way of the duel" title="How to Play" subtitle="Read your opponent, pick your move, and be the last fighter standing.">
        <Link className="btn btn-primary" to="/">
          Return to Game
        </Link>
      </PageHeader>
      <Tabs tabs={HOW_TO_PLAY_TABS} active={tab} onChange={setTab} idPrefix="guide" label="Guide sections" />
      <section role="tabpanel" id={panelId('guide', tab)} aria-labelledby={tabId('guide', tab)}>
        <Panel />
      </section>
    </div>
  );
}
