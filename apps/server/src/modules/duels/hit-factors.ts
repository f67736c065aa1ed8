// The fairness factors of a round (docs/fairness.md) with node:crypto's HMAC-SHA256, keyed once
// per game: the same bits as rules' roundFactors (hit-factors.test.ts checks it), at a fraction of
// the pure-JS cost of re-parsing the seed and re-keying the HMAC for every hit. The rules package
// keeps the browser-safe formula the verifier runs.
import { createHmac } from 'node:crypto';
import { type ClientSeeds, type Slot, factorFromU32, hitMessage, isServerSeed } from '@duel-dojo/rules';

export class HitFactors {
  private readonly key: Buffer;

  constructor(serverSeed: string) {
    if (!isServerSeed(serverSeed)) throw new RangeError('serverSeed must be 64 lowercase hex characters (32 bytes)');
    this.key = Buffer.from(serverSeed, 'hex');
  }

  /** One player's factor: the first 4 bytes of HMAC-SHA256(seed bytes, hitMessage), big-endian. */
  hit(sessionId: string, round: number, slot: Slot, clientSeeds: ClientSeeds | null): number {
    const mac = createHmac('sha256', this.key).update(hitMessage(sessionId, round, slot, clientSeeds), 'utf8').digest();
    return factorFromU32(mac.readUInt32BE(0));
  }

  round(sessionId: string, round: number, clientSeeds: ClientSeeds | null): Record<Slot, number> {
    return { player1: this.hit(sessionId, round, 'player1', clientSeeds), player2: this.hit(sessionId, round, 'player2', clientSeeds) };
  }
}
