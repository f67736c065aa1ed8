// Before each test, both scripted backends the app talks to: a fake HTTP server installed and a
// new scripted socket (fake-socket.ts) the app will use.
//
//   let socket: FakeGameSocket, server: FakeServer;
//   useFakeBackends((fresh) => ({ server, socket } = fresh));
import { beforeEach } from 'vitest';
import { FakeServer } from './fake-server';
import { FakeGameSocket, fakeSockets } from './fake-socket';

export interface FakeBackends {
  readonly server: FakeServer;
  readonly socket: FakeGameSocket;
}

export function useFakeBackends(fresh: (backends: FakeBackends) => void): void {
  beforeEach(() => {
    const server = new FakeServer();
    server.install();
    const socket = new FakeGameSocket();
    fakeSockets.current = socket;
    fresh({ server, socket });
  });
}
