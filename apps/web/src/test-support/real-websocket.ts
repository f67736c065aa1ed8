// Kit picks its WebSocket (globalThis.WebSocket, else the `ws` package) once, when it loads, and
// setup.ts puts a silent stand-in there so component tests never dial out. Tests that talk to the
// local chain import this module before anything that loads kit, so kit's sockets are real.
import { WebSocket } from 'ws';

globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
