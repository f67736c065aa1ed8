// The HTTP side: JSON-RPC over POST, with the CORS headers a browser wallet needs to call a
// chain on another origin (real RPC nodes send them too), GET /health like a validator, and
// WebSocket upgrades handed to the PubSub server on any port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Agave's MAX_REQUEST_BODY_SIZE: larger bodies are refused before being parsed. */
const MAX_REQUEST_BODY_BYTES = 50 * 1024;

export type RpcTextHandler = (body: string) => Promise<string | null>;
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export function createRpcHttpServer(handleRpc: RpcTextHandler, onUpgrade: UpgradeHandler): Server {
  const server = createServer((request, response) => {
    void serve(request, response, handleRpc).catch((error: unknown) => {
      console.error('[localnet] HTTP request failed:', error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('upgrade', onUpgrade);
  return server;
}

async function serve(request: IncomingMessage, response: ServerResponse, handleRpc: RpcTextHandler): Promise<void> {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type');
  response.setHeader('access-control-max-age', '86400');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST, GET, OPTIONS' }).end();
    return;
  }
  const body = await readBody(request);
  if (body === null) {
    // "connection: close" makes Node drop the socket once this answer is out, rest of the body unread.
    response.writeHead(413, { connection: 'close' }).end();
    return;
  }
  const answer = await handleRpc(body);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(answer ?? '');
}

/** The body as text, or null when it exceeds the limit. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_REQUEST_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`localnet cannot listen on ${host}:${port}: ${error.message}`));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
