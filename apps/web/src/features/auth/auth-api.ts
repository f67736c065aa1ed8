// The real HTTP calls behind the controller's AuthApi. The players' calls, of which signing in uses
// one, load with the sign-in instead of with every page (bench/README.md "Web app").
import { generateMessage, logout, lookupReferral, signin, signup, validateToken } from '../../net/api-auth';
import type { AuthApi } from './auth-controller';

const userExists = (wallet: string) => import('../../net/api-players').then((players) => players.userExists(wallet));

export const httpAuthApi: AuthApi = { userExists, generateMessage, signin, signup, validateToken, logout, lookupReferral };
