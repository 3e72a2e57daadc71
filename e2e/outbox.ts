import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The set-password link (an invitation's or a reset's) of the newest e-mail to this address that has one (no SMTP
 * here: the outbox).
 */
export function resetLinkFor(email: string): string | undefined {
  const db = new DatabaseSync(join(process.env.E2E_DATA_DIR!, 'vigil.sqlite'), { readOnly: true });
  try {
    // The newest mail with a link: a plan's invoice may have been mailed to the same address since.
    const row = db
      .prepare(
        "SELECT body_text FROM outbox WHERE to_address = ? AND body_text LIKE '%reset-password%' ORDER BY created_at DESC LIMIT 1",
      )
      .get(email) as { body_text: string } | undefined;
    return row?.body_text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  } finally {
    db.close();
  }
}
