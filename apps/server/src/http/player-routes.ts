// Player data: profiles, owned characters and referral lookups.
import { charactersAnswer, profileAnswer, referralAnswer, referralParams, userParams } from '@duel-dojo/protocol';
import { type Accounts, profileView } from '../modules/accounts';
import { bearerToken } from './bearer';
import type { RoutePlugin } from './route-plugin';
import { schemaSerializer } from './schema-serializer';

const tags = ['players'];

export const playerRoutes = (accounts: Accounts): RoutePlugin => async (app) => {
  app.get(
    '/api/user/:wallet',
    { schema: { tags, summary: 'A player profile (404 when unknown)', params: userParams, response: { 200: profileAnswer } }, serializerCompiler: schemaSerializer },
    async (request) => {
      const user = await accounts.profiles.profile(request.params.wallet);
      // The own profile request sends the bearer token; the owner also sees the code.
      const token = bearerToken(request);
      const viewer = token ? await accounts.sessions.authenticate(token).catch(() => null) : null;
      return { success: true as const, user: profileView(user, viewer?.user.id === user.id) };
    },
  );

  app.get(
    '/api/user/:wallet/characters',
    { schema: { tags, summary: 'Marketplace characters the player owns', params: userParams, response: { 200: charactersAnswer } } },
    async (request) => {
      const owned = await accounts.profiles.ownedCharacters(request.params.wallet);
      return { success: true as const, charactersOwned: owned.map((c) => ({ characterId: c.characterId, acquiredAt: c.acquiredAt.toISOString() })) };
    },
  );

  app.get(
    '/api/referral/:code',
    { schema: { tags, summary: 'Who owns a referral code', params: referralParams, response: { 200: referralAnswer } } },
    async (request) => ({ success: true as const, referrer: await accounts.profiles.referrer(request.params.code) }),
  );
};
