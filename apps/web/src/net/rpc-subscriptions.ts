// Solana PubSub over WebSocket: accountSubscribe, so the navbar's balance follows the chain
// without polling fast. Returns a function that closes the subscription.

export function subscribeToLamports(wsUrl: string, address: string, onLamports: (lamports: bigint) => void): () => void {
  let closed = false;
  let socket: WebSocket | null = null;
  try {
    socket = new WebSocket(wsUrl);
  } catch {
    return () => {};
  }
  socket.addEventListener('open', () => {
    socket?.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [address, { encoding: 'base64', commitment: 'confirmed' }] }));
  });
  socket.addEventListener('message', (event) => {
    if (closed || typeof event.data !== 'string') return;
    try {
      const message = JSON.parse(event.data) as { method?: string; params?: { result?: { value?: { lamports?: number } | null } } };
      if (message.method !== 'accountNotification') return;
      const lamports = message.params?.result?.value?.lamports;
      onLamports(BigInt(lamports ?? 0));
    } catch {
      // A malformed notification is ignored; the periodic refetch still corrects the balance.
    }
  });
  return () => {
    closed = true;
    socket?.close();
  };
}
