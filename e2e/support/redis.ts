// A minimal Redis client (RESP2 over node:net) for the several-nodes test: the e2e workspace
// declares no Redis library, and the test needs a handful of commands only (claim a logical
// database, FLUSHDB, read which node lists a socket). Commands are answered in the order sent.
import { type Socket, connect } from 'node:net';

export type Reply = string | number | null | Error | Reply[];

export interface RedisClient {
  /** The URL this client uses, with its logical database. */
  readonly url: string;
  /** Sends one command; rejects with Redis's error text when the reply is an error. */
  command(...args: (string | number)[]): Promise<Reply>;
  close(): void;
}

interface Parsed {
  readonly value: Reply;
  readonly next: number;
}

/** One reply starting at `at`, or null while it is not whole yet. Errors inside arrays (EXEC) stay values. */
function parse(buffer: Buffer, at: number): Parsed | null {
  const end = buffer.indexOf('\r\n', at);
  if (end < 0) return null;
  const type = String.fromCharCode(buffer[at] ?? 0);
  const line = buffer.toString('utf8', at + 1, end);
  const after = end + 2;
  switch (type) {
    case '+':
      return { value: line, next: after };
    case '-':
      return { value: new Error(line), next: after };
    case ':':
      return { value: Number(line), next: after };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, next: after };
      if (buffer.length < after + length + 2) return null;
      return { value: buffer.toString('utf8', after, after + length), next: after + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next: after };
      const items: Reply[] = [];
      let position = after;
      for (let i = 0; i < count; i += 1) {
        const item = parse(buffer, position);
        if (!item) return null;
        items.push(item.value);
        position = item.next;
      }
      return { value: items, next: position };
    }
    default:
      throw new Error(`unexpected Redis reply type ${JSON.stringify(type)}`);
  }
}

function encode(args: readonly (string | number)[]): string {
  return `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(String(arg))}\r\n${arg}\r\n`).join('')}`;
}

/** Connects to `url` (redis://[user:password@]host:port[/db]); rejects when nothing answers within `timeoutMs`. */
export async function openRedis(url: string, timeoutMs = 5_000): Promise<RedisClient> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') throw new Error(`only redis:// URLs are supported by e2e/support/redis.ts, got ${url}`);
  const socket: Socket = connect({ host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

  const waiting: { resolve(value: Reply): void; reject(error: Error): void }[] = [];
  let buffer = Buffer.alloc(0);
  let broken: Error | null = null;
  const failAll = (error: Error) => {
    broken ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      let reply: Parsed | null;
      try {
        reply = parse(buffer, 0);
      } catch (error) {
        failAll(error as Error);
        socket.destroy();
        return;
      }
      if (!reply) return;
      buffer = buffer.subarray(reply.next);
      const waiter = waiting.shift();
      if (reply.value instanceof Error) waiter?.reject(reply.value);
      else waiter?.resolve(reply.value);
    }
  });
  socket.on('error', (error) => failAll(error));
  socket.on('close', () => failAll(new Error('the Redis connection closed')));

  const command = (...args: (string | number)[]): Promise<Reply> => {
    if (broken) return Promise.reject(broken);
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      socket.write(encode(args));
    });
  };
  const client: RedisClient = { url, command, close: () => socket.destroy() };
  try {
    if (parsed.password) {
      const user = decodeURIComponent(parsed.username);
      await command('AUTH', ...(user ? [user] : []), decodeURIComponent(parsed.password));
    }
    const database = parsed.pathname.replace(/^\//, '');
    if (database) await command('SELECT', database);
    await command('PING');
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return client;
}

/** The URL naming logical database `database` of the server at `serverUrl`. */
export function withDatabase(serverUrl: string, database: number): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
