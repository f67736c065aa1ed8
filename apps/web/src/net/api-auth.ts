// The authentication calls, with signin signed like signup.
import type {
  AuthAnswer,
  GenerateMessageAnswer,
  ReferralAnswer,
  SigninBody,
  SignupBody,
  ValidateTokenAnswer,
} from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schemas of these answers, loaded where used (net/protocol.ts).
const authArea = () => import('@duel-dojo/protocol/auth');

export function generateMessage(walletAddress: string): Promise<GenerateMessageAnswer> {
  return requestJson('/api/auth/generate-message', () => authArea().then((area) => area.generateMessageAnswer), { method: 'POST', body: { walletAddress } });
}

export function signup(body: SignupBody): Promise<AuthAnswer> {
  return requestJson('/api/auth/signup', () => authArea().then((area) => area.authAnswer), { method: 'POST', body });
}

export function signin(body: SigninBody): Promise<AuthAnswer> {
  return requestJson('/api/auth/signin', () => authArea().then((area) => area.authAnswer), { method: 'POST', body });
}

export function validateToken(token: string): Promise<ValidateTokenAnswer> {
  return requestJson('/api/auth/validate-token', () => authArea().then((area) => area.validateTokenAnswer), { method: 'POST', body: { token } });
}

export async function logout(token: string): Promise<void> {
  await requestJson('/api/auth/logout', () => authArea().then((area) => area.logoutAnswer), { method: 'POST', token });
}

export function lookupReferral(code: string): Promise<ReferralAnswer> {
  return requestJson(`/api/referral/${encodeURIComponent(code)}`, () => authArea().then((area) => area.referralAnswer));
}
