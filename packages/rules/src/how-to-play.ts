// The how-to-play guide's words, written from the same constants the game runs on, so the guide
// and the server can never disagree about a number.
import { MAX_HEALTH } from './roster';
import {
  ATTACK_RECOIL_SHARE,
  BASE_DAMAGE,
  COUNTER_SHARE,
  HEAL_DIVISOR,
  INACTIVITY_PENALTY,
  MAX_ROUNDS,
  MIN_HIT_DAMAGE,
  PREDICTION_BONUS,
  SUDDEN_DEATH_DRAIN_STEP,
  SUDDEN_DEATH_ROUND,
} from './combat-constants';
import { KEY_BINDINGS, UNDO_KEYS } from './controls';
import { type Action, ACTION_LABELS, ACTIONS } from './moves';
import { PAYOUT_PERCENT } from './payout';
import { CLAIM_VICTORY_AFTER_MS, FIGHT_INTRO_MS, RESULTS_DISPLAY_MS, ROUND_DURATION_MS } from './timing';

const percent = (share: number): string => `${Math.round(share * 100)}%`;
const seconds = (ms: number): string => `${ms / 1000} s`;
const bonus = percent(PREDICTION_BONUS - 1);
const fee = `${100 - Number(PAYOUT_PERCENT)}%`;

export const HOW_TO_PLAY_TABS = [
  { id: 'overview', label: 'Game Overview' },
  { id: 'characters', label: 'Characters' },
  { id: 'combat', label: 'Combat' },
  { id: 'controls', label: 'Controls' },
] as const;
export type HowToPlayTab = (typeof HOW_TO_PLAY_TABS)[number]['id'];
export const DEFAULT_HOW_TO_PLAY_TAB: HowToPlayTab = 'combat';

export const OVERVIEW_FEATURES: readonly { title: string; text: string }[] = [
  { title: 'One-on-one duels', text: 'Two fighters, timed rounds, last one standing wins.' },
  { title: 'Free or staked', text: `Play free, or stake SOL: the winner takes both stakes minus a ${fee} fee.` },
  { title: 'Read your opponent', text: `Predict the enemy's move each round; a correct read adds ${bonus}.` },
  { title: 'Provably fair', text: 'Every random factor comes from a seed committed before the first round and revealed after the last.' },
];

export const GETTING_STARTED_STEPS: readonly string[] = [
  'Select an entry fee',
  'Choose your character',
  'Click Fight! and wait for an opponent',
  'Invite friends by sharing the game link',
];

export const CORE_MECHANICS: readonly string[] = [
  `Each fighter starts with ${MAX_HEALTH} HP. Bring your opponent to 0 to win.`,
  'Every round has two steps: first predict the enemy\'s move, then choose your own. Both are sent together and locked.',
  `A round lasts about ${seconds(ROUND_DURATION_MS)}; it closes early when both fighters have acted.`,
  `No action in a round costs ${INACTIVITY_PENALTY} HP, and your opponent's move still lands on you.`,
  'The round goes to whoever gained more: healing received minus damage taken.',
];

export const MOVE_TRIANGLE: readonly string[] = [
  'Attack beats Heal',
  'Heal beats Dodge',
  'Dodge beats Attack',
];

/** What happens for each pair of moves, keyed `yours/theirs` with the wire names. */
export const INTERACTION_MATRIX: Readonly<Record<`${Action}/${Action}`, string>> = {
  'attack/attack': `Both attacks hit. If only one of you predicted right, only that attack lands, with +${bonus} damage.`,
  'attack/dodge': `They dodge and you take recoil worth ${percent(ATTACK_RECOIL_SHARE)} of your hit (+${bonus} if they predicted your attack). If you predicted the dodge, your attack lands with +${bonus} instead.`,
  'attack/hide': `You hit and they heal. If you predicted the heal: no healing and +${bonus} damage. If they predicted your attack: no damage and +${bonus} healing.`,
  'dodge/attack': `You dodge and they take recoil worth ${percent(ATTACK_RECOIL_SHARE)} of their hit (+${bonus} if you predicted the attack). If they predicted your dodge, their attack lands with +${bonus}.`,
  'dodge/dodge': `Nothing happens, unless one of you predicted the dodge: that fighter lands a counter worth ${percent(COUNTER_SHARE)} of a hit.`,
  'dodge/hide': `They heal. If they predicted your dodge, they heal +${bonus} and counter you for ${percent(COUNTER_SHARE)} of a hit, unless you predicted their heal.`,
  'hide/attack': `They hit and you heal. If they predicted your heal: no healing and +${bonus} damage for them. If you predicted their attack: no damage and +${bonus} healing.`,
  'hide/dodge': `You heal. If you predicted their dodge, you heal +${bonus} and counter them for ${percent(COUNTER_SHARE)} of a hit, unless they predicted your heal.`,
  'hide/hide': `You both heal. If only one of you predicted right, only that fighter heals, with +${bonus}.`,
};

export const BOTH_PREDICTED_RIGHT =
  'When you both predicted right, the reads cancel out in Attack vs Heal and Dodge vs Heal (the plain exchange happens); elsewhere both bonuses apply.';

export const FORMULAS: readonly string[] = [
  `Damage = ${BASE_DAMAGE} × attacker fight ÷ defender defense × random factor (0.9–1.1). Fight 60 against defense 40 does about 18.`,
  `Healing = defense ÷ ${HEAL_DIVISOR}. Defense 60 heals 20.`,
  `A correct prediction: +${bonus} damage or healing.`,
  `Every amount is rounded to the nearest whole HP (halves up); a hit that lands does at least ${MIN_HIT_DAMAGE} HP. Health stays between 0 and ${MAX_HEALTH}.`,
];

export const SUDDEN_DEATH_TEXT: readonly string[] = [
  `Sudden death from round ${SUDDEN_DEATH_ROUND}: nobody heals any more, and each round both fighters lose ${SUDDEN_DEATH_DRAIN_STEP} HP more than the round before (${SUDDEN_DEATH_DRAIN_STEP}, ${SUDDEN_DEATH_DRAIN_STEP * 2}, ${SUDDEN_DEATH_DRAIN_STEP * 3}…).`,
  `So no duel lasts more than ${MAX_ROUNDS} rounds. If both fighters fall in the same round, the duel is a draw and each stake is refunded.`,
];

export const ABANDONMENT_RULES: readonly string[] = [
  'While you wait for an opponent you can cancel at any time; a staked game refunds your stake.',
  'Once the match starts, Resign ends it at once: your opponent wins, and takes the stake. Leaving the game through the menu resigns it too.',
  `A reload or a dropped connection is not leaving: come back while the duel runs and you rejoin it where it is. Meanwhile the duel goes on, and an absent fighter loses HP to inactivity every round.`,
  `When your opponent has been disconnected for ${seconds(CLAIM_VICTORY_AFTER_MS)}, you may claim the victory (and the stake); until then the duel runs on. Every stake goes to a result and is never stuck.`,
];

export const TIPS: readonly string[] = [
  'Mix up your moves: a predictable fighter is an easy read.',
  'Heal early while healing still works; sudden death stops it.',
  'Strong attackers risk big recoil against a dodge.',
  'Never let the timer run out: idling costs HP and hands your opponent a free move.',
];

const keyList = (keys: readonly string[]): string => keys.map((k) => (k.length === 1 ? k.toUpperCase() : k)).join(' or ');

export const CONTROLS: readonly { input: string; effect: string }[] = [
  ...ACTIONS.map((action) => ({
    input: keyList(KEY_BINDINGS[action]),
    effect: `${ACTION_LABELS[action]}: first press predicts the enemy's ${ACTION_LABELS[action]}, second press is your own ${ACTION_LABELS[action]}`,
  })),
  { input: keyList(UNDO_KEYS), effect: 'Take back your prediction before you choose your action' },
  { input: 'Mouse', effect: 'Click a prediction, then Attack, Dodge or Heal' },
];

export const ROUND_TIMING: readonly string[] = [
  `The fight intro lasts ${seconds(FIGHT_INTRO_MS)}.`,
  `Each round lasts ${seconds(ROUND_DURATION_MS)}, shown by the countdown bar; it turns amber in the last 3 s and red in the last second.`,
  `Round results stay on screen for ${seconds(RESULTS_DISPLAY_MS)}, then the next round starts.`,
];
