import type { Db } from '@vigil/db';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The deployment's VAPID key pair for web push (RFC 8292, decision 0710): generated on first start and kept in the
 * database beside the signing secret, so every instance signs its pushes alike and browsers' subscriptions (made
 * for the public key) outlive restarts.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = () =>
    db.selectFrom('server_secrets').select('value').where('name', '=', 'vapid').executeTakeFirst();
  const existing = await read();
  if (existing) return JSON.parse(existing.value) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insertInto('server_secrets')
    .values({ name: 'vapid', value: JSON.stringify(keys), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return JSON.parse((await read())?.value ?? JSON.stringify(keys)) as VapidKeys;
}
