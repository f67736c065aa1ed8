// Before Join: who waits behind an invite and for what stake (lookupInvite -> inviteInfo), so a
// staked invite never reads like a free one. Without an answer the invite is shown as before,
// and the join itself still stops at the confirmation if the server says the game is staked.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { useEffect, useState } from 'react';
import { emitAndWait } from '../../net/socket-request';
import type { GameConnection } from './use-game-socket';

export type InviteInfo = ServerEventPayload<'inviteInfo'>;

export const INVITE_LOOKUP_TIMEOUT_MS = 5_000;

export type InviteLookup = { readonly status: 'idle' | 'loading' | 'unknown' } | { readonly status: 'found'; readonly info: InviteInfo };

export function useInviteInfo(connection: GameConnection | null, inviteCode: string | null): InviteLookup {
  const [lookup, setLookup] = useState<{ code: string; result: InviteLookup } | null>(null);

  useEffect(() => {
    if (!connection || !inviteCode) return undefined;
    let live = true;
    const { socket, protocol } = connection;
    const isMine = (answer: unknown) => (answer as { inviteCode?: unknown } | null)?.inviteCode === inviteCode;
    emitAndWait(socket, 'lookupInvite', { inviteCode }, 'inviteInfo', INVITE_LOOKUP_TIMEOUT_MS, isMine)
      .then((raw) => {
        const answer = protocol.inviteInfoEvent.safeParse(raw);
        const result: InviteLookup = answer.success && answer.data.found ? { status: 'found', info: answer.data } : { status: 'unknown' };
        if (live) setLookup({ code: inviteCode, result });
      })
      .catch(() => live && setLookup({ code: inviteCode, result: { status: 'unknown' } }));
    return () => {
      live = false;
    };
  }, [connection, inviteCode]);

  if (!inviteCode) return { status: 'idle' };
  return lookup?.code === inviteCode ? lookup.result : { status: 'loading' };
}
