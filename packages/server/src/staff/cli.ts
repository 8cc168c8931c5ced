import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db, StaffRole } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { systemClock } from '../applications/decide.js';
import { createAttempts, memberAccountKey } from './attempts.js';
import { appendAudit, verifyAuditChain } from './audit.js';
import { setupPath } from './member-routes.js';
import { createStaffRepository, STAFF_ROLES } from './repository.js';

export const STAFF_USAGE = `Usage: npm run staff -- <command> [options]

  add --email <address> --name <full name> --role <agent|admin|auditor>
      Creates a member of staff and prints their one-time set-up link (valid 72 hours).
  setup-link --email <address>
      Prints a new set-up link; the member's password and authenticator are cleared.
  disable --email <address>
      Ends the member's sessions; they can no longer sign in.
  unlock --email <address>
      Unlocks an account locked by failed sign-ins: its failures stop counting.
  list
      Lists every member of staff.
  verify-audit
      Verifies the whole audit log's hash chain from its first entry.

Options: --base-url <url> (default: PUBLIC_BASE_URL, else http://localhost:PORT).
The database is the server's: DATABASE_URL as for the server.`;

export interface StaffCommandIo {
  out(line: string): void;
  error(line: string): void;
}

/** Runs one staff command against `db`; returns the process exit code. */
export async function runStaffCommand(
  argv: readonly string[],
  context: {
    db: Db;
    env: Readonly<Record<string, string | undefined>>;
    io: StaffCommandIo;
    clock?: Clock;
  },
): Promise<number> {
  const { db, env, io } = context;
  const clock = context.clock ?? systemClock;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        'base-url': { type: 'string' },
      },
    });
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    io.error(STAFF_USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  const baseUrl = (
    values['base-url'] ??
    env.PUBLIC_BASE_URL ??
    `http://localhost:${env.PORT ?? '3000'}`
  ).replace(/\/$/, '');
  const members = createStaffRepository(db);
  const actorEmail = `command line (${os.userInfo().username})`;
  const now = clock.now();

  const memberByEmail = async () => {
    if (!values.email) {
      io.error('--email is required');
      return undefined;
    }
    const member = await members.byEmail(values.email);
    if (!member) io.error(`No member of staff has the e-mail address ${values.email}`);
    return member;
  };

  switch (command) {
    case 'add': {
      const role = values.role as StaffRole | undefined;
      const email = values.email?.trim() ?? '';
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !values.name?.trim() || !role) {
        io.error('add needs --email, --name and --role');
        io.error(STAFF_USAGE);
        return 2;
      }
      if (!STAFF_ROLES.includes(role)) {
        io.error(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
        return 2;
      }
      if (await members.byEmail(email)) {
        io.error(`A member of staff already has the e-mail address ${email}`);
        return 1;
      }
      const { member, setupToken } = await members.add({ email, name: values.name, role }, now);
      await appendAudit(
        db,
        { action: 'staff-added', actorEmail, target: member.id, detail: { role } },
        now,
      );
      io.out(`Added ${member.email} (${member.role}).`);
      io.out(`One-time set-up link, valid for 72 hours; give it to ${member.name} only:`);
      io.out(`${baseUrl}${setupPath(setupToken)}`);
      return 0;
    }
    case 'setup-link': {
      const member = await memberByEmail();
      if (!member) return 1;
      const token = await members.resetSetup(member.id, now);
      await appendAudit(db, { action: 'staff-setup-link', actorEmail, target: member.id }, now);
      io.out(`New one-time set-up link for ${member.email_lower}, valid for 72 hours:`);
      io.out(`${baseUrl}${setupPath(token)}`);
      return 0;
    }
    case 'disable': {
      const member = await memberByEmail();
      if (!member) return 1;
      await members.disable(member.id, now);
      await appendAudit(db, { action: 'staff-disabled', actorEmail, target: member.id }, now);
      io.out(`Disabled ${member.email_lower}; their sessions have ended.`);
      return 0;
    }
    case 'unlock': {
      const member = await memberByEmail();
      if (!member) return 1;
      const forgiven = await createAttempts(db).forgiveAccount(memberAccountKey(member.id));
      await appendAudit(
        db,
        { action: 'staff-unlocked', actorEmail, target: member.id, detail: { forgiven } },
        now,
      );
      io.out(`Unlocked ${member.email_lower}; ${forgiven} failed sign-in(s) no longer count.`);
      return 0;
    }
    case 'verify-audit': {
      const chain = await verifyAuditChain(db, { full: true, now });
      if (chain.intact) {
        io.out(`The audit log's chain of ${chain.entries} entries is intact.`);
        return 0;
      }
      io.error(`The audit log's chain is broken at entry ${chain.brokenAt}.`);
      return 1;
    }
    case 'list': {
      for (const member of await members.list()) {
        io.out(`${member.email}\t${member.role}\t${member.status}\t${member.name}`);
      }
      return 0;
    }
    default:
      io.error(STAFF_USAGE);
      return 2;
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    process.exitCode = await runStaffCommand(process.argv.slice(2), {
      db,
      env: process.env,
      io: { out: (line) => console.log(line), error: (line) => console.error(line) },
    });
  } finally {
    await db.destroy();
  }
}

if (
  process.argv[1] !== undefined &&
  import.meta.url === new URL(`file://${process.argv[1]}`).href
) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
