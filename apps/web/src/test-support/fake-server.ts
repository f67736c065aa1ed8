// A scripted stand-in for apps/server and the Solana RPC, installed as `fetch` in component
// tests. It answers with the shapes packages/protocol parses and really verifies the wallet's
// Ed25519 signature over the message it issued, so the whole sign-in path runs for real in the
// client. End-to-end tests (e2e/) run the real server instead.
import { decodeBase58 } from '@duel-dojo/protocol';
import { vi } from 'vitest';
import { signInMessageText } from './siws-text';

export const RPC_URL = 'http://127.0.0.1:8899';

interface FakeUser {
  walletAddress: string;
  username: string;
  referralCode: string;
}

type Handler = (request: { method: string; path: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, message: string, code?: string) => json(status, { success: false, message, ...(code ? { code } : {}) });

const stats = {
  totalMatches: 0, wins: 0, losses: 0, draws: 0, totalEarnings: '0', totalLosses: '0', biggestWin: '0', biggestLoss: '0',
  longestWinStreak: 0, currentWinStreak: 0, favoriteCharacter: null, totalRoundsPlayed: 0, averageRoundsPerGame: 0,
  freeGamesPlayed: 0, paidGamesPlayed: 0, tournamentMatchesPlayed: 0,
};

function sessionUser(user: FakeUser) {
  return { _id: `user-${user.username}`, walletAddress: user.walletAddress, username: user.username, displayName: user.username, characterId: 7, level: 1, referralCode: user.referralCode, stats, achievements: [] };
}

function profile(user: FakeUser, own: boolean) {
  const date = '2026-01-01T00:00:00.000Z';
  return {
    ...sessionUser(user),
    joinedDate: date, createdAt: date, lastActiveDate: date, experience: 0, referralCode: own ? user.referralCode : null, totalReferrals: 0,
    preferences: { soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: true },
  };
}

async function verify(address: string, message: string, signatureText: string): Promise<boolean> {
  const publicKey = decodeBase58(address);
  const bytes = JSON.parse(signatureText) as number[];
  if (!publicKey) return false;
  const key = await crypto.subtle.importKey('raw', new Uint8Array(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify('Ed25519', key, Uint8Array.from(bytes), new TextEncoder().encode(message));
}

export class FakeServer {
  readonly users = new Map<string, FakeUser>();
  readonly tokens = new Map<string, string>();
  readonly nonces = new Map<string, { wallet: string; message: string }>();
  readonly calls: string[] = [];
  /** Overrides by "METHOD /path" (path without query): a test scripts a failure here. */
  readonly overrides = new Map<string, Handler>();
  lamports = 0n;
  earlyAccessTarget = '2025-08-14T00:00:00';
  #counter = 0;

  addUser(walletAddress: string, username: string, referralCode = 'ABCDEFGH'): FakeUser {
    const user = { walletAddress, username, referralCode };
    this.users.set(walletAddress, user);
    return user;
  }

  issueToken(walletAddress: string): string {
    const token = `token-${++this.#counter}`;
    this.tokens.set(token, walletAddress);
    return token;
  }

  /** Makes every request to `route` ("POST /api/auth/signup") fail at the network level. */
  networkDown(route: string): void {
    this.overrides.set(route, () => {
      throw new TypeError('Failed to fetch');
    });
  }

  install(): void {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init));
  }

  async fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url.href.startsWith(RPC_URL)) return this.#rpc(body as { id: number; method: string; params: unknown[] });
    const route = `${method} ${url.pathname}`;
    this.calls.push(route);
    const override = this.overrides.get(route);
    if (override) return override({ method, path: url.pathname, body, headers: new Headers(init.headers) });
    return this.#api(method, url, body as Record<string, string> | undefined, new Headers(init.headers));
  }

  #rpc(request: { id: number; method: string }): Response {
    const result = request.method === 'getBalance' ? { context: { slot: 1 }, value: Number(this.lamports) } : null;
    return json(200, { jsonrpc: '2.0', id: request.id, result });
  }

  async #api(method: string, url: URL, body: Record<string, string> | undefined, headers: Headers): Promise<Response> {
    const path = url.pathname;
    if (path === '/api/config') {
      return json(200, { cluster: 'localnet', rpcUrl: RPC_URL, wsUrl: 'ws://127.0.0.1:8900', treasuryAddress: null, solUsdPrice: '150', earlyAccessTarget: this.earlyAccessTarget, claimVictoryAfterMs: 30_000 });
    }
    const userMatch = /^\/api\/user\/([^/]+)$/.exec(path);
    if (userMatch && method === 'GET') {
      const user = this.users.get(userMatch[1] ?? '');
      if (!user) return fail(404, 'User not found', 'USER_NOT_FOUND');
      const bearer = headers.get('authorization')?.replace('Bearer ', '');
      return json(200, { success: true, user: profile(user, bearer !== undefined && this.tokens.get(bearer) === user.walletAddress) });
    }
    if (/^\/api\/user\/[^/]+\/characters$/.test(path)) return json(200, { success: true, charactersOwned: [] });
    const referral = /^\/api\/referral\/([^/]+)$/.exec(path);
    if (referral) {
      const owner = [...this.users.values()].find((user) => user.referralCode === referral[1]);
      return owner ? json(200, { success: true, referrer: { displayName: owner.username, level: 1, totalReferrals: 0 } }) : fail(404, 'Invalid referral code', 'INVALID_REFERRAL_CODE');
    }
    if (path === '/api/games') return json(200, { success: true, games: [], total: 0 });
    if (path === '/api/games/live') return json(200, { success: true, games: [] });
    if (path === '/api/auth/generate-message' && body) {
      const nonce = `nonce${++this.#counter}`;
      const input = {
        domain: 'localhost',
        address: body.walletAddress ?? '',
        statement: 'Sign in to Duel Dojo.',
        uri: 'http://localhost',
        version: '1',
        chainId: 'localnet',
        nonce,
        issuedAt: '2026-01-01T00:00:00.000Z',
        expirationTime: '2026-01-01T00:05:00.000Z',
      };
      const message = signInMessageText(input);
      this.nonces.set(nonce, { wallet: body.walletAddress ?? '', message });
      return json(200, { success: true, message, nonce, input });
    }
    if ((path === '/api/auth/signup' || path === '/api/auth/signin') && body) {
      const issued = this.nonces.get(body.nonce ?? '');
      if (!issued || issued.wallet !== body.walletAddress || issued.message !== body.message) return fail(401, 'Invalid sign-in message', 'INVALID_SIGN_IN_MESSAGE');
      if (!(await verify(issued.wallet, issued.message, body.signature ?? '[]'))) return fail(401, 'Invalid signature', 'INVALID_SIGNATURE');
      this.nonces.delete(body.nonce ?? '');
      let user = this.users.get(issued.wallet);
      if (path === '/api/auth/signin') {
        if (!user) return fail(404, 'User not found', 'USER_NOT_FOUND');
      } else {
        if (user) return fail(409, 'This wallet already has an account', 'WALLET_ALREADY_REGISTERED');
        if ([...this.users.values()].some((other) => other.username === body.username)) return fail(409, 'Username is already taken', 'USERNAME_TAKEN');
        user = this.addUser(issued.wallet, body.username ?? '', `CODE${String(this.#counter).padStart(4, 'X')}`.slice(0, 8));
      }
      return json(200, { success: true, user: sessionUser(user), token: this.issueToken(user.walletAddress) });
    }
    if (path === '/api/auth/validate-token' && body) {
      const wallet = this.tokens.get(body.token ?? '');
      const user = wallet ? this.users.get(wallet) : undefined;
      if (!user) return fail(401, 'Invalid or expired token', 'INVALID_TOKEN');
      return json(200, { success: true, user: sessionUser(user), token: this.issueToken(user.walletAddress) });
    }
    if (path === '/api/auth/logout') return json(200, { success: true, message: 'Logged out' });
    return fail(404, 'Not found', 'NOT_FOUND');
  }
}
