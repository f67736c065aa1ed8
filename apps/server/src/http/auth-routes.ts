// The authentication routes, with signin signed too. Thin: the
// protocol parses, the accounts module decides, the view shapes the answer.
import {
  authAnswer,
  generateMessageAnswer,
  generateMessageBody,
  logoutAnswer,
  signinBody,
  signupBody,
  validateTokenAnswer,
  validateTokenBody,
} from '@duel-dojo/protocol';
import { type Accounts, sessionUserView } from '../modules/accounts';
import { requireBearer } from './bearer';
import { AUTH_RATE_LIMIT, rateLimit } from './rate-limit';
import type { RoutePlugin } from './route-plugin';

const tags = ['auth'];

/** `rateLimitPerMinute` overrides AUTH_RATE_LIMIT (tests that sign in many times from one address). */
export const authRoutes = (accounts: Accounts, rateLimitPerMinute?: number): RoutePlugin => async (app) => {
  const limited = { rateLimit: rateLimitPerMinute === undefined ? AUTH_RATE_LIMIT : rateLimit(rateLimitPerMinute) };

  app.post(
    '/api/auth/generate-message',
    {
      config: limited,
      schema: {
        tags,
        summary: "A Sign In With Solana message for the requesting page's origin (403 ORIGIN_NOT_ALLOWED: not in PUBLIC_ORIGIN)",
        body: generateMessageBody,
        response: { 200: generateMessageAnswer },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.signIn.generateMessage(request.body.walletAddress, request.headers.origin)) }),
  );

  app.post(
    '/api/auth/signup',
    { config: limited, schema: { tags, summary: 'Create an account with a signed message', body: signupBody, response: { 200: authAnswer } } },
    async (request) => {
      const { user, token } = await accounts.signIn.signUp(request.body);
      return { success: true as const, user: sessionUserView(user), token };
    },
  );

  app.post(
    '/api/auth/signin',
    { config: limited, schema: { tags, summary: 'Sign in with a signed message (404: no account yet)', body: signinBody, response: { 200: authAnswer } } },
    async (request) => {
      const { user, token } = await accounts.signIn.signIn(request.body);
      return { success: true as const, user: sessionUserView(user), token };
    },
  );

  app.post(
    '/api/auth/validate-token',
    { config: limited, schema: { tags, summary: 'Restore a session; a fresh token past half its life', body: validateTokenBody, response: { 200: validateTokenAnswer } } },
    async (request) => {
      const { user, token } = await accounts.sessions.validateToken(request.body.token);
      return token === undefined ? { success: true as const, user: sessionUserView(user) } : { success: true as const, user: sessionUserView(user), token };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'Revoke the bearer token', response: { 200: logoutAnswer } } },
    async (request) => {
      await accounts.sessions.logout(requireBearer(request));
      return { success: true as const, message: 'Logged out' };
    },
  );
};
