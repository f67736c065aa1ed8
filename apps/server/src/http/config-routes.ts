// GET /api/config: the deployment facts a client needs before it talks to the chain.
import { type ConfigAnswer, configAnswer } from '@duel-dojo/protocol';
import type { Config } from '../config';
import type { RoutePlugin } from './route-plugin';

type PublicFacts = Pick<Config, 'cluster' | 'rpcUrl' | 'wsUrl' | 'solUsdPrice' | 'earlyAccessTarget' | 'claimVictoryAfterMs'>;

export function publicConfig(config: PublicFacts, treasuryAddress: string | null): ConfigAnswer {
  return {
    cluster: config.cluster,
    rpcUrl: config.rpcUrl,
    wsUrl: config.wsUrl,
    treasuryAddress,
    solUsdPrice: config.solUsdPrice,
    earlyAccessTarget: config.earlyAccessTarget,
    claimVictoryAfterMs: config.claimVictoryAfterMs,
  };
}

export const configRoutes = (config: PublicFacts, treasuryAddress: string | null = null): RoutePlugin => async (app) => {
  const answer = publicConfig(config, treasuryAddress);
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Cluster, RPC endpoints, treasury and price', response: { 200: configAnswer } } },
    async () => answer,
  );
};
