/**
 * `npm run mailbox -w @broker/server [-- count]`: prints the development mailbox, newest last
 * (docs/decisions/0025-portal-mail.md). In `local` without SMTP_URL the portal's e-mails land
 * there instead of being sent, so staff and developers can read them; nothing is dropped.
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.smtpUrl !== null) {
    console.log('SMTP_URL is set: mail is sent through it, not kept in the development mailbox.');
  }
  const count = Math.max(1, Math.min(Number(process.argv[2] ?? 10) || 10, 1000));
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const messages = await db
      .selectFrom('dev_mailbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    if (messages.length === 0) console.log('The development mailbox is empty.');
    for (const message of messages.reverse()) {
      console.log(
        [
          `#${message.id} ${message.created_at}`,
          `From: ${message.sender}`,
          `To: ${message.recipient}`,
          `Subject: ${message.subject}`,
          '',
          message.body,
          '',
        ].join('\n'),
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
