/**
 * Dead letters from the command line, until the back office shows them (docs/delivery.md):
 *
 *   node packages/server/dist/delivery/cli.js dead             lists them, newest first
 *   node packages/server/dist/delivery/cli.js redeliver <id>   puts one back on the schedule
 *
 * DATABASE_URL as for the server. Prints ids, types, endpoints and errors, never a body.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import type { Db } from '../db/schema.js';
import { createDeliveryRepository } from './repository.js';

const USAGE = 'usage: cli.js dead | cli.js redeliver <id>';

/** Runs one command; returns the exit code. */
export async function runDeliveryCli(
  args: readonly string[],
  db: Db,
  print: (line: string) => void,
  now: Date = new Date(),
): Promise<number> {
  const repository = createDeliveryRepository(db);
  const [command, argument] = args;
  if (command === 'dead' && argument === undefined) {
    const dead = await repository.listDead(200);
    print('id\tevent\ttype\tendpoint\tattempts\tdead since\tlast error');
    for (const row of dead) {
      print(
        [
          row.id,
          row.event_id,
          row.event_type,
          row.endpoint,
          row.attempts,
          row.dead_at,
          row.last_error,
        ].join('\t'),
      );
    }
    return 0;
  }
  if (command === 'redeliver' && argument !== undefined && /^\d+$/.test(argument)) {
    if (await repository.redeliver(Number(argument), now)) {
      print(`dead letter ${argument} is due again`);
      return 0;
    }
    print(`no dead letter ${argument}`);
    return 1;
  }
  print(USAGE);
  return 2;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const db = openDatabase(loadConfig(process.env).database);
  void runDeliveryCli(process.argv.slice(2), db, (line) => console.log(line))
    .then((code) => {
      process.exitCode = code;
    })
    .finally(() => db.destroy());
}
