import { useMutation } from '@tanstack/react-query';
import { type RegisterBody, RegisterResponse, type RegisterResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/**
 * POST /account/register[/{suffix}]?caller=web (spec 000 §7). A region override answers the location of that
 * region's server, where the registration is repeated once.
 */
export async function register(body: RegisterBody, suffix?: string): Promise<RegisterResult> {
  const path = suffix ? `/account/register/${encodeURIComponent(suffix)}` : '/account/register';
  const query = { caller: 'web' };
  const first = await apiFetch(path, RegisterResponse, { method: 'POST', query, body });
  if (!('location' in first)) return first;
  const second = await apiFetch(path, RegisterResponse, {
    method: 'POST',
    query,
    body,
    base: first.location,
  });
  if ('location' in second) throw new Error('The regional servers disagree about where to register');
  return second;
}

export const useRegister = () =>
  useMutation({ mutationFn: (v: { body: RegisterBody; suffix?: string }) => register(v.body, v.suffix) });
