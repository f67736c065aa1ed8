// What test files import: real databases and a real server, no mocks of our own parts.
export { type TestDatabase, testDatabases } from './test-databases';
export { type TestServer, type TestServerOptions, startTestServer } from './test-server';
export { testConfig } from '../config';
export * from './wallets';
