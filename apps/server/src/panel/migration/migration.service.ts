import { randomInt } from 'node:crypto';
import { DEFAULT_PACKAGE_ID, SYSTEMS } from '@panel/shared/catalog/packages';
import { linePasswordSuggestion, lineUsernameSuggestion } from '@panel/shared/lines/line-credentials';
import { migrationCents } from '@panel/shared/lines/line-costs';
import { panelDate } from '@panel/shared/lines/panel-calendar';
import {
  keepableProviderCredentials,
  MIGRATION_MESSAGES,
  type MigrationCheckResult,
  type MigrationMigrateInput,
} from '@panel/shared/migration/migration-api';
import { fromCents } from '@panel/shared/money/credits';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { lockAccountTree } from '../accounts/account-tree-lock';
import type { Caller } from '../auth/caller';
import { findPackage } from '../catalog/packages.repository';
import { spendCredits } from '../ledger/ledger.service';
import type { LineActionOutcome } from '../lines/line-action-runner';
import { uniqueConflictOr, usernameTakenError } from '../lines/line-errors';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import { requireLineOwner } from '../lines/line-scope';
import { fromSeconds, toLine } from '../lines/line-view';
import {
  defaultBouquetIds,
  insertLine,
  readSetting,
  takenUsernames,
  usernameTaken,
} from '../lines/lines.repository';
import { recordLog } from '../logs/logs.service';
import { recordLineSync } from '../external-panel/external-panel-outbox';
import { enqueueProvisioning } from '../provisioning/provisioning-outbox';
import { parsePlaylistUrl } from './playlist-url';
import { readProviderLine, type ProviderLine } from './provider-login';

const DAY_SECONDS = 86_400;
const MAX_SCREENS = 100;
/** Suggestions tried in one statement before numbers drawn at random (decision 0067). */
const SUGGESTION_ATTEMPTS = 20;
const RANDOM_SUGGESTION_ATTEMPTS = 10;
const randomBelow = (max: number) => randomInt(max);

const refusal = (message: string, field = 'url') => new AppError(422, 'validation_failed', message, field);

/** Migrating is for admins, or for resellers while the setting user_migration_list is 'true' (docs/product/roles.md). */
async function requireMigrationAllowed(db: Database, caller: Caller): Promise<void> {
  if (caller.role === 'admin') return;
  if ((await readSetting(db, 'user_migration_list')) !== 'true') {
    throw AppError.forbidden(MIGRATION_MESSAGES.notAllowed);
  }
}

interface CheckedLine extends ProviderLine {
  serverDns: string;
  expSeconds: number;
  totalDays: number;
  costCents: number;
}

/** Reads the customer's line from the provider and prices what is left of it. */
async function checkLine(config: Config, url: string): Promise<CheckedLine> {
  const address = parsePlaylistUrl(url);
  if (!address) throw refusal(MIGRATION_MESSAGES.urlInvalid);
  const line = await readProviderLine(config, address);
  if (line.expSeconds === null) throw refusal(MIGRATION_MESSAGES.noExpiry);
  const left = line.expSeconds - nowSeconds();
  if (left <= 0) throw refusal(MIGRATION_MESSAGES.expired);
  if (line.maxConnections > MAX_SCREENS) throw refusal(MIGRATION_MESSAGES.tooManyScreens);
  const totalDays = Math.ceil(left / DAY_SECONDS);
  return {
    ...line,
    serverDns: address.serverDns,
    expSeconds: line.expSeconds,
    totalDays,
    costCents: migrationCents(totalDays, line.maxConnections),
  };
}

const usernameTakenRefusal = () => AppError.conflict(MIGRATION_MESSAGES.usernameTaken, 'url');

/**
 * A free username close to the provider's (decision 0067): the shared suggestion, then the same name
 * numbered 2…20 in one statement, then numbers drawn at random. Migrate checks it again (409 when a
 * line took it meanwhile).
 */
async function freeUsernameSuggestion(db: Database, original: string): Promise<string> {
  const candidates = Array.from({ length: SUGGESTION_ATTEMPTS }, (_, attempt) =>
    lineUsernameSuggestion(original, attempt),
  );
  const taken = await takenUsernames(db, candidates);
  const free = candidates.find((candidate) => !taken.has(candidate));
  if (free) return free;
  for (let attempt = 0; attempt < RANDOM_SUGGESTION_ATTEMPTS; attempt++) {
    const candidate = lineUsernameSuggestion(original, SUGGESTION_ATTEMPTS + randomBelow(1_000_000));
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  throw new Error('could not find a free username suggestion');
}

interface Credentials {
  username: string;
  password: string;
}

/**
 * The credentials the line is created with (decisions 0052 and 0067): each one sent replaces the
 * provider's (the body schema already holds it to the rules of a new line); a provider's credential
 * that fits this panel's rules is kept; one that does not must be replaced (422 on its field). The
 * username must be free: the provider's one answers 409 on `url` as before, a new one 409 on `username`.
 */
async function credentialsFor(
  db: Database,
  line: ProviderLine,
  sent: Partial<Credentials>,
): Promise<Credentials> {
  const keepable = keepableProviderCredentials(line.username, line.password);
  if (sent.username === undefined && !keepable.username) {
    throw refusal(MIGRATION_MESSAGES.newUsernameRequired, 'username');
  }
  if (sent.password === undefined && !keepable.password) {
    throw refusal(MIGRATION_MESSAGES.newPasswordRequired, 'password');
  }
  const credentials = { username: sent.username ?? line.username, password: sent.password ?? line.password };
  await requireFreeUsername(db, credentials.username, sent.username !== undefined);
  return credentials;
}

async function requireFreeUsername(db: Database, username: string, chosenHere: boolean): Promise<void> {
  if (await usernameTaken(db, username)) throw chosenHere ? usernameTakenError() : usernameTakenRefusal();
}

function formattedDate(seconds: number): string {
  const [year, month, day] = panelDate(seconds).split('-');
  return `${day}/${month}/${year}`;
}

/** POST /api/migration/check: what the customer's line is at the other provider and what migrating it costs. */
export async function checkMigration(
  db: Database,
  config: Config,
  caller: Caller,
  url: string,
): Promise<MigrationCheckResult> {
  await requireMigrationAllowed(db, caller);
  const line = await checkLine(config, url);
  const keepable = keepableProviderCredentials(line.username, line.password);
  if (keepable.username && (await usernameTaken(db, line.username))) throw usernameTakenRefusal();
  return {
    server_dns: line.serverDns,
    username: line.username,
    formatted_exp_date: formattedDate(line.expSeconds),
    total_days: line.totalDays,
    max_connections: line.maxConnections,
    credits_to_deduct: fromCents(line.costCents),
    suggested_username: keepable.username ? null : await freeUsernameSuggestion(db, line.username),
    suggested_password: keepable.password ? null : linePasswordSuggestion(line.password, randomBelow),
  };
}

/**
 * POST /api/migration/migrate: checks again (the price is never taken from the client), then in one
 * transaction creates the line with the provider's username and password (or the new ones sent in
 * their place, decision 0067), expiry and screens, owned by the caller, charges the caller
 * `credits_to_deduct` through the ledger (admins: free) and logs it under the type 'migration'. A P2P
 * line is also queued for its provisioning service.
 */
export async function migrateLine(
  db: Database,
  config: Config,
  caller: Caller,
  input: MigrationMigrateInput,
): Promise<LineActionOutcome> {
  await requireMigrationAllowed(db, caller);
  const checked = await checkLine(config, input.url);
  const sent = { username: input.username, password: input.password };
  const credentials = await credentialsFor(db, checked, sent);
  const pkg = await findPackage(db, DEFAULT_PACKAGE_ID);
  if (!pkg) throw new Error(`package ${DEFAULT_PACKAGE_ID} is missing`);
  const system = input.service === 'p2p' ? SYSTEMS.p2p : SYSTEMS.iptv;
  try {
    return await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      const owner = await requireLineOwner(tx, caller, undefined);
      await requireFreeUsername(tx, credentials.username, sent.username !== undefined);
      const line = await insertLine(tx, {
        resellerId: owner.id,
        ownerPath: owner.path,
        username: credentials.username,
        password: credentials.password,
        maxConnections: checked.maxConnections,
        enabled: 1,
        expDate: fromSeconds(checked.expSeconds),
        isTrial: 0,
        system,
        packageId: pkg.id,
        bouquets: await defaultBouquetIds(tx, pkg.isAdult),
      });
      const spent = await spendCredits(tx, {
        accountId: caller.id,
        role: caller.role,
        amountCents: checked.costCents,
        actorId: caller.id,
        action: 'user_created',
        type: 'migration',
        lineId: line.id,
      });
      await recordLog(tx, {
        action: 'user_created',
        type: 'migration',
        actorId: caller.id,
        lineId: line.id,
        lineUsername: line.username,
        valueCents: spent.charged ? checked.costCents : null,
        actorCredits: spent.charged ? spent.change : null,
        details: {
          server_dns: checked.serverDns,
          service: input.service,
          days: checked.totalDays,
          screens: checked.maxConnections,
          price: fromCents(checked.costCents),
          // A line migrated under new credentials names the provider's login, never its password.
          ...(credentials.username === checked.username ? {} : { provider_username: checked.username }),
          ...(credentials.password === checked.password ? {} : { new_password: 1 }),
        },
      });
      await enqueueProvisioning(tx, line, 'created');
      await recordLineSync(tx, [line], 'created');
      return {
        line: toLine(line, owner.username),
        chargedCents: spent.charged ? checked.costCents : 0,
        balanceCents: spent.change.afterCents,
      };
    });
  } catch (error) {
    const mapped = uniqueConflictOr(error);
    if (mapped instanceof AppError && mapped.field === 'username' && sent.username === undefined) {
      throw usernameTakenRefusal();
    }
    throw mapped;
  }
}
