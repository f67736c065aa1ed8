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

export function generateMessage(walletAddress: string): Promise<GenerateMessageAnswer> {
  return requestJson('/api/auth/generate-message', (p) => p.generateMessageAnswer, { method: 'POST', body: { walletAddress } });
}

export function signup(body: SignupBody): Promise<AuthAnswer> {
  return requestJson('/api/auth/signup', (p) => p.authAnswer, { method: 'POST', body });
}

export function signin(body: SigninBody): Promise<AuthAnswer> {
  return requestJson('/api/auth/signin', (p) => p.authAnswer, { method: 'POST', body });
}

export function validateToken(token: string): Promise<ValidateTokenAnswer> {
  return requestJson('/api/auth/validate-token', (p) => p.validateTokenAnswer, { method: 'POST', body: { token } });
}

export async function logout(token: string): Promise<void> {
  await requestJson('/api/auth/logout', (p) => p.logoutAnswer, { method: 'POST', token });
}

export function lookupReferral(code: string): Promise<ReferralAnswer> {
  return requestJson(`/api/referral/${encodeURIComponent(code)}`, (p) => p.referralAnswer);
}
