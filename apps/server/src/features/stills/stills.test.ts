import { expect, it } from 'vitest';
import { redactRequestUrl } from '../../http/log-redaction.ts';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { JPEG, writeStills } from './testing.ts';

describeEachDb('stills', (ctx) => {
  it('serves the latest thumbnail and still with the token in the path or the header', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    await writeStills(t, cam);
    const [uid, device] = cam.split('.');
    const thumb = await t.app.inject({ method: 'GET', url: `/getthumb/${uid}/${device}/${owner.token}` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.equals(JPEG)).toBe(true);
    const still = await t.call({ method: 'GET', url: `/getstill/${cam}/123/x`, token: owner.token });
    expect(still.status).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: `/getstill/${cam}/123/not-a-token` });
    expect(none.statusCode).toBe(401);
  });

  it('hides another tenant’s stills; support sees the thumbnail but not the still', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const support = await signedInUser(t, 's');
    const cam = await insertCamera(t, owner.uid);
    await writeStills(t, cam);
    const [uid, device] = cam.split('.');
    expect(
      (await t.app.inject({ method: 'GET', url: `/getthumb/${uid}/${device}/${other.token}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/getstill/${cam}/1/${other.token}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/getthumb/${uid}/${device}/${support.token}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/getstill/${cam}/1/${support.token}` })).statusCode,
    ).toBe(403);
  });

  it('answers No image before the recorder made one', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const res = await t.call({ method: 'GET', url: `/getstill/${cam}/1/x`, token: owner.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('No image');
  });

  it('never logs a token from the path', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    expect(redactRequestUrl(`/getthumb/u1/cam/${token}?x=1`)).toBe('/getthumb/u1/cam/***?x=1');
  });
});
