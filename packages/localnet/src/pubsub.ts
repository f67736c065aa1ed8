// Solana's PubSub WebSocket API: signatureSubscribe, slotSubscribe, accountSubscribe,
// programSubscribe, logsSubscribe and rootSubscribe with their *Unsubscribe, fed by the chain's
// blocks. Notification shapes are
// Agave's: { jsonrpc, method: "<kind>Notification", params: { result, subscription } }.
import type { WebSocket } from 'ws';
import { stringifyJson } from './bigint-json';
import type { Address } from '@solana/kit';
import { accountView, formatAccount, readAccount, type AccountJson, type AccountView } from './account-format';
import type { BlockEvent, Chain } from './chain';
import { matchesFilters, parseFilters, type AccountFilter } from './program-filters';
import { dispatch, tableHandler } from './rpc-dispatch';
import { invalidParams } from './rpc-errors';
import type { TransactionRecord } from './transaction-index';
import { configAt, paramsArray, requireAddress, requireSignature, toCount } from './validate';

/**
 * A notification due "at once" is sent this long after the subscribe answer. @solana/kit starts
 * listening for a subscription's notifications only after it has read the answer carrying its
 * id; two frames arriving in one TCP read would lose the notification.
 */
const IMMEDIATE_NOTIFICATION_DELAY_MS = 20;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 1000;

type SubscriptionFields =
  | { kind: 'signature'; signature: string; timer?: NodeJS.Timeout }
  | { kind: 'slot' }
  | { kind: 'account'; address: string; view: AccountView }
  | { kind: 'program'; program: string; view: AccountView; filters: AccountFilter[] }
  | { kind: 'logs'; mentions: string | null }
  | { kind: 'root' };
type Subscription = { id: number; socket: WebSocket } & SubscriptionFields;
type Kind = Subscription['kind'];

interface SocketContext {
  socket: WebSocket;
}

export class PubSub {
  private nextId = 1;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly detach: () => void;
  private readonly methods: Record<string, (params: unknown, ctx: SocketContext) => unknown>;

  constructor(private readonly chain: Chain) {
    this.detach = chain.onBlock((event) => this.onBlock(event));
    const unsubscribe = (kind: Kind) => (params: unknown, ctx: SocketContext) => this.unsubscribe(kind, params, ctx.socket);
    this.methods = {
      signatureSubscribe: (params: unknown, ctx: SocketContext) => this.subscribeSignature(params, ctx.socket),
      signatureUnsubscribe: unsubscribe('signature'),
      slotSubscribe: (params: unknown, ctx: SocketContext) => {
        paramsArray(params, 0);
        return this.add(ctx.socket, { kind: 'slot' });
      },
      slotUnsubscribe: unsubscribe('slot'),
      accountSubscribe: (params: unknown, ctx: SocketContext) => {
        const list = paramsArray(params, 2);
        const address = requireAddress(list[0]);
        return this.add(ctx.socket, { kind: 'account', address, view: accountView(configAt(list, 1), 'binary') });
      },
      accountUnsubscribe: unsubscribe('account'),
      programSubscribe: (params: unknown, ctx: SocketContext) => {
        const list = paramsArray(params, 2);
        const program = requireAddress(list[0]);
        const config = configAt(list, 1);
        return this.add(ctx.socket, { kind: 'program', program, view: accountView(config, 'binary'), filters: parseFilters(config.filters) });
      },
      programUnsubscribe: unsubscribe('program'),
      logsSubscribe: (params: unknown, ctx: SocketContext) => {
        const list = paramsArray(params, 2);
        configAt(list, 1);
        return this.add(ctx.socket, { kind: 'logs', mentions: logsFilter(list[0]) });
      },
      logsUnsubscribe: unsubscribe('logs'),
      rootSubscribe: (params: unknown, ctx: SocketContext) => {
        paramsArray(params, 0);
        return this.add(ctx.socket, { kind: 'root' });
      },
      rootUnsubscribe: unsubscribe('root'),
    };
  }

  /** Serve one WebSocket connection until it closes, then drop its subscriptions. */
  attach(socket: WebSocket): void {
    const handler = tableHandler(this.methods, { socket });
    socket.on('message', (data) => {
      void dispatch(data.toString(), handler).then((answer) => {
        if (answer !== null && socket.readyState === socket.OPEN) socket.send(answer);
      });
    });
    socket.on('close', () => {
      for (const subscription of this.subscriptions.values()) {
        if (subscription.socket === socket) this.remove(subscription);
      }
    });
  }

  /** Live subscriptions, all sockets together. */
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  close(): void {
    this.detach();
    for (const subscription of this.subscriptions.values()) this.remove(subscription);
  }

  private add(socket: WebSocket, fields: SubscriptionFields): number {
    let count = 0;
    for (const subscription of this.subscriptions.values()) if (subscription.socket === socket) count++;
    if (count >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw invalidParams(`Too many subscriptions on this connection; max ${MAX_SUBSCRIPTIONS_PER_SOCKET}`);
    const id = this.nextId++;
    this.subscriptions.set(id, { ...fields, id, socket });
    return id;
  }

  private remove(subscription: Subscription): void {
    if (subscription.kind === 'signature' && subscription.timer) clearTimeout(subscription.timer);
    this.subscriptions.delete(subscription.id);
  }

  private unsubscribe(kind: Kind, params: unknown, socket: WebSocket): boolean {
    const list = paramsArray(params, 1);
    const id = toCount(list[0], 'subscription id');
    const subscription = this.subscriptions.get(id);
    if (!subscription || subscription.kind !== kind || subscription.socket !== socket) throw invalidParams('Invalid subscription id.');
    this.remove(subscription);
    return true;
  }

  private subscribeSignature(params: unknown, socket: WebSocket): number {
    const list = paramsArray(params, 2);
    const signature = requireSignature(list[0]);
    configAt(list, 1);
    const id = this.add(socket, { kind: 'signature', signature });
    // Already landed: notify at once (after the lag, if any), as Agave does.
    const record = this.chain.history.findLanded(signature);
    if (record) this.scheduleSignature(this.subscriptions.get(id) as Subscription & { kind: 'signature' }, record, IMMEDIATE_NOTIFICATION_DELAY_MS);
    return id;
  }

  /** A signature notification fires once the transaction is visible, then the subscription ends. */
  private scheduleSignature(subscription: Subscription & { kind: 'signature' }, record: TransactionRecord, minimumDelay: number): void {
    if (subscription.timer) return;
    const delay = Math.max(minimumDelay, this.chain.history.visibleAt(record) - this.chain.history.now());
    subscription.timer = setTimeout(() => {
      this.remove(subscription);
      this.notify(subscription, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } });
    }, delay);
  }

  private onBlock(event: BlockEvent): void {
    const { block, transaction } = event;
    const writable = new Set(event.writableAccounts);
    for (const subscription of this.subscriptions.values()) {
      switch (subscription.kind) {
        case 'slot':
          this.notify(subscription, 'slotNotification', { parent: event.parentSlot, root: block.slot, slot: block.slot });
          break;
        case 'signature':
          if (transaction?.signature === subscription.signature) this.scheduleSignature(subscription, transaction, 0);
          break;
        case 'account':
          if (writable.has(subscription.address)) {
            const value = this.accountValue(subscription.address, subscription.view);
            if (value) this.notify(subscription, 'accountNotification', { context: { slot: block.slot }, value });
          }
          break;
        case 'program':
          // Like Agave: every account the block wrote that the program now owns and the filters pass.
          for (const address of writable) {
            const value = this.programAccount(address, subscription);
            if (value) this.notify(subscription, 'programNotification', { context: { slot: block.slot }, value });
          }
          break;
        case 'root':
          // Every block is final at once, so each new block is the new root.
          this.notify(subscription, 'rootNotification', block.slot);
          break;
        case 'logs':
          if (transaction && (subscription.mentions === null || transaction.accountKeys.includes(subscription.mentions))) {
            const value = { signature: transaction.signature, err: transaction.err, logs: transaction.logs };
            this.notify(subscription, 'logsNotification', { context: { slot: block.slot }, value });
          }
          break;
      }
    }
  }

  /** The account as notified; a closed account is shown empty with 0 lamports, as Agave does. */
  private accountValue(address: string, view: AccountView): AccountJson | null {
    try {
      const account = readAccount(this.chain.runtime, address, view);
      if (account) return account;
      const data: AccountJson['data'] = view.encoding === 'binary' ? '' : ['', view.encoding === 'base58' ? 'base58' : 'base64'];
      return { lamports: 0n, owner: '11111111111111111111111111111111', data, executable: false, rentEpoch: 0n, space: 0 };
    } catch {
      return null; // e.g. data too large for base58: nothing sensible to send
    }
  }

  private programAccount(address: string, subscription: Subscription & { kind: 'program' }): { pubkey: string; account: AccountJson } | null {
    const account = this.chain.runtime.getAccount(address as Address);
    if (!account.exists || account.programAddress !== subscription.program) return null;
    const data = account.data as Uint8Array;
    if (!matchesFilters(data, subscription.filters)) return null;
    try {
      const state = { lamports: BigInt(account.lamports), owner: account.programAddress, executable: account.executable, data };
      return { pubkey: address, account: formatAccount(state, subscription.view) };
    } catch {
      return null; // data too large for base58, as in accountValue
    }
  }

  private notify(subscription: Subscription, method: string, result: unknown): void {
    const { socket } = subscription;
    if (socket.readyState !== socket.OPEN) return;
    socket.send(stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription: subscription.id } }));
  }
}

/** logsSubscribe's filter: "all" / "allWithVotes" (no votes here), or { mentions: [one address] }. */
function logsFilter(value: unknown): string | null {
  if (value === 'all' || value === 'allWithVotes') return null;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { mentions } = value as { mentions?: unknown };
    if (Array.isArray(mentions) && mentions.length === 1) return requireAddress(mentions[0]);
  }
  throw invalidParams('Invalid params: the filter must be "all", "allWithVotes" or { mentions: [one address] }');
}
