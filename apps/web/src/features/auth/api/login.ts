import type { LoginBody, LoginResult } from '@vigil/contracts';
import { apiFetch, setAuthServiceUrl } from '../../../shared/api/client.ts';

/**
 * POST /login. When the account lives on another regional server the answer is its location: the login is
 * repeated there once, and that server becomes this session's auth service (spec 000 §4).
 */
export async function login(body: LoginBody, rememberMe: boolean): Promise<LoginResult> {
  // The answer's schema (zod) loads on submit, not with the sign-in page (decision 0760).
  const { LoginResponse } = await import('@vigil/contracts/auth');
  const query = { rememberme: rememberMe };
  const first = await apiFetch('/login', LoginResponse, { method: 'POST', query, body });
  if (!('location' in first)) return first;
  const second = await apiFetch('/login', LoginResponse, {
    method: 'POST',
    query,
    body,
    base: first.location,
  });
  if ('location' in second) throw new Error('The regional servers disagree about where this account lives');
  setAuthServiceUrl(first.location);
  return second;
}
