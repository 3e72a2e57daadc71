import { ActiveSession, Done, LoginResult, RefreshResult } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiRequestError,
  apiFetch,
  NetworkError,
  ResponseShapeError,
  setAuthRefusedHandler,
  setAuthToken,
} from './client.ts';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthRefusedHandler(undefined);
  setAuthToken(undefined);
});

describe('apiFetch and a refused auth token', () => {
  it('tells the session when the server refuses the current token', async () => {
    const refused = vi.fn();
    setAuthRefusedHandler(refused);
    setAuthToken('t1');
    vi.stubGlobal(
      'fetch',
      answer(401, { error: 'Your session has ended; sign in again', code: 'invalid_token' }),
    );
    await expect(apiFetch('/account/u/sessions', z.array(ActiveSession))).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(refused).toHaveBeenCalledWith('invalid_token');
  });

  it('does not for a token replaced while the call was on its way, nor for other refusals', async () => {
    const refused = vi.fn();
    setAuthRefusedHandler(refused);
    setAuthToken('old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        setAuthToken('new');
        return new Response(JSON.stringify({ error: 'ended', code: 'invalid_token' }), { status: 401 });
      }),
    );
    await expect(apiFetch('/x', Done)).rejects.toThrow('ended');
    vi.stubGlobal('fetch', answer(401, { error: 'The password is not right', code: 'invalid_credentials' }));
    await expect(apiFetch('/account/u/password', Done)).rejects.toThrow('The password is not right');
    // The token refresh is sent without the auth token: its refusal is the refresher's to handle.
    const fetchMock = answer(401, { error: 'ended', code: 'series_revoked' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiFetch('/login/refresh', RefreshResult, { method: 'POST', anonymous: true }),
    ).rejects.toThrow('ended');
    expect((fetchMock.mock.calls[0] as unknown[])[1]).toMatchObject({
      headers: expect.not.objectContaining({ authorization: expect.anything() }),
    });
    expect(refused).not.toHaveBeenCalled();
  });
});

describe('apiFetch and a body cut off', () => {
  it('reads a body that breaks off (the page navigating away) as a network failure, not a refusal', async () => {
    const cut = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(cut, { status: 200 })),
    );
    await expect(apiFetch('/session', LoginResult)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('apiFetch and the contract of the call (decision 0020)', () => {
  const Tags = z.object({ cameras: z.array(z.object({ uidd: z.string(), tags: z.array(z.string()) })) });

  it('returns the answer parsed with the contract', async () => {
    vi.stubGlobal('fetch', answer(200, { cameras: [{ uidd: 'u1.d1', tags: ['door'] }] }));
    const res = await apiFetch('/cameras/tags', Tags);
    expect(res.cameras[0]?.tags).toEqual(['door']);
  });

  it('refuses an answer that does not match it, naming the fields', async () => {
    vi.stubGlobal('fetch', answer(200, { cameras: [{ uidd: 'u1.d1', tags: 'door' }] }));
    const call = apiFetch('/cameras/tags', Tags);
    await expect(call).rejects.toBeInstanceOf(ResponseShapeError);
    await expect(call).rejects.toThrow(
      'The answer of /cameras/tags does not match its contract: cameras.0.tags: Invalid input: expected array, received string',
    );
  });
});
