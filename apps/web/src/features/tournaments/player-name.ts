/** The shown name of a player (display name, else username). */
export function playerName(player: { readonly displayName: string | null; readonly username: string | null } | null | undefined): string {
  return player?.displayName ?? player?.username ?? 'Player';
}
