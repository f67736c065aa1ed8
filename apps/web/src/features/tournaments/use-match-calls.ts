// Listens for `tournamentMatch` on the shared socket while signed in (the server tells a socket
// that connects later its waiting calls again), and fetches that tournament's detail again. Each
// call is also remembered for the waiting popup of the match (match-call-store.ts).
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { useSocket } from '../realtime/socket-context';
import { rememberCall } from './match-call-store';
import { upsertCall, withoutCall } from './match-calls';

const RETRY_MS = 5_000;

export function useMatchCalls(token: string | null) {
  const { getSocket } = useSocket();
  const queryClient = useQueryClient();
  const [calls, setCalls] = useState<readonly TournamentMatchNotice[]>([]);

  useEffect(() => {
    setCalls([]);
    if (!token) return undefined;
    let socket: GameSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onNotice = (payload: unknown) => {
      void loadProtocol().then((protocol) => {
        const parsed = protocol.tournamentMatchNotice.safeParse(payload);
        if (stopped || !parsed.success) return;
        rememberCall(parsed.data);
        setCalls((current) => upsertCall(current, parsed.data));
        void queryClient.invalidateQueries({ queryKey: ['tournament', parsed.data.tournamentId] });
      });
    };
    const listen = () => {
      getSocket()
        .then((connected) => {
          if (stopped) return;
          socket = connected;
          connected.on('tournamentMatch', onNotice);
        })
        .catch(() => {
          if (!stopped) retry = setTimeout(listen, RETRY_MS);
        });
    };
    listen();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.off('tournamentMatch', onNotice);
    };
  }, [token, getSocket, queryClient]);

  const dismiss = useCallback((call: TournamentMatchNotice) => setCalls((current) => withoutCall(current, call)), []);
  return { calls, dismiss };
}
