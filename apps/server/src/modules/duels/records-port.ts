// What the game history needs from storage: a wallet's finished and running duels, newest first.

export interface GameRecordRow {
  sessionId: string;
  createdAt: Date;
  player1Id: string | null;
  player2Id: string | null;
  player1Wallet: string | null;
  player2Wallet: string | null;
  player1Name: string | null;
  player2Name: string | null;
  player1Character: number;
  player2Character: number;
  betAmount: string;
  stakeLamports: bigint;
  winner: string | null;
  gameOver: boolean;
  currentRound: number;
  rewardClaimed: boolean;
  isBot: boolean;
  fairnessCommitment: string | null;
  serverSeed: string | null;
  /** The round log (modules/duels RoundLogRow), written at game over. */
  rounds: readonly unknown[];
}

export interface GameRecordsStore {
  /** Games the wallet played in (an opponent was found), newest first, and how many there are. */
  listByWallet(wallet: string, limit: number, offset: number): Promise<{ rows: GameRecordRow[]; total: number }>;
}
