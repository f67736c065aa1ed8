// The real HTTP calls behind the controller's AuthApi.
import { generateMessage, logout, lookupReferral, signin, signup, validateToken } from '../../net/api-auth';
import { userExists } from '../../net/api-players';
import type { AuthApi } from './auth-controller';

export const httpAuthApi: AuthApi = { userExists, generateMessage, signin, signup, validateToken, logout, lookupReferral };
