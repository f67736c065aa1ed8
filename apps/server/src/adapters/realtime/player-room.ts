// Every socket of a signed-in wallet, on any node: the room its sockets join at connection
// (tournament-notifier.ts joins them), so a player hears a tournament call or a rematch offer
// without anyone knowing their socket ids.
export const playerRoom = (walletAddress: string): string => `player:${walletAddress}`;
