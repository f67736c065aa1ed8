// The work only one node may do at a time (docs/several-nodes.md): the tournaments' scheduler and
// match calls, the ledger's recovery loop (payment expiry sweep, treasury intake, resumed
// transfers). One Redis key names the leader (`<prefix>leader`), set with an expiry and renewed
// by its holder; when the leader dies the key lapses and the next node to try takes it.
import type { Redis } from 'ioredis';

// KEYS[1] the leader key. ARGV: this node, the expiry in ms. Takes a free key or renews its own.
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

// KEYS[1] the leader key. ARGV[1] this node: let go only of its own lead.
const RESIGN = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

export interface Leadership {
  /** Whether this node leads now. */
  leads(): boolean;
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  readonly nodeId: string;
  readonly prefix: string;
  /** The lead lapses this long after its last renewal; renewed every third of it. */
  readonly ttlMs?: number;
  /** Called when this node becomes the leader (and again after a lost lead is regained). */
  readonly gained: () => Promise<void>;
  /** Called when this node stops leading (its renewal found another leader). */
  readonly lost: () => Promise<void>;
  readonly report: (error: unknown, message: string) => void;
}

export async function createRedisLeadership(redis: Redis, options: LeadershipOptions): Promise<Leadership> {
  const ttlMs = options.ttlMs ?? 10_000;
  const key = `${options.prefix}leader`;
  let leading = false;
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();

  async function attempt(): Promise<void> {
    const won = (await redis.eval(CLAIM, 1, key, options.nodeId, String(ttlMs))) === 1;
    if (won && !leading) {
      leading = true;
      await options.gained();
    } else if (!won && leading) {
      leading = false;
      await options.lost();
    }
  }

  await attempt();
  const timer = setInterval(() => {
    pass = pass.then(() => (stopped ? undefined : attempt().catch((error: unknown) => options.report(error, 'leadership renewal failed'))));
  }, Math.floor(ttlMs / 3));
  timer.unref();

  return {
    leads: () => leading,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pass;
      if (leading) await redis.eval(RESIGN, 1, key, options.nodeId);
      leading = false;
    },
  };
}
