/**
 * A realistic large panel inside the server's own schema (after its migrations): a four-level reseller
 * tree, lines with the distributions of a real provider, credits minted through the ledger so every
 * balance equals the sum of its ledger rows. Written in SQL (generate_series, one statement per level,
 * one for all lines) so a million lines take about a minute, on PostgreSQL and on PGlite alike.
 *
 * Deterministic and idempotent: account `revNNNNN` and line number n are always generated the same way
 * (line usernames end with n); a second run inserts only the accounts and lines that are missing (a larger
 * --lines tops the set up), so it never duplicates anything nor touches rows it did not generate.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database';
import { runInTransaction } from '../src/db/run-in-transaction';
import { affectedRowCount, executeRows } from '../src/db/execute-rows';
import { hashPassword } from '../src/lib/password-hash';

export interface LargeDatasetOptions {
  lines: number;
  resellers: number;
  /** Password of every generated reseller (argon2id, hashed once). */
  resellerPassword: string;
  log?: (message: string) => void;
}

export interface LargeDatasetSummary {
  resellersInserted: number;
  linesInserted: number;
  totalLines: number;
  /** The master whose subtree holds a tenth of the lines (`rev00001`). */
  bigMaster: { id: number; username: string; path: string; subtreeLines: number };
  seconds: number;
}

/** Generated reseller usernames: rev00001 … (lower-case letters and digits, as the reseller rule wants). */
export function resellerUsername(index: number): string {
  return `rev${String(index).padStart(5, '0')}`;
}

export const BIG_MASTER_USERNAME = resellerUsername(1);

/** Sizes of the four levels: 1 % masters, 9 % their subs, 30 % and 60 % below (20/180/600/1200 of 2000). */
export function treeLevels(resellers: number): number[] {
  const masters = Math.max(1, Math.ceil(resellers / 100));
  const level2 = Math.max(0, Math.min(resellers - masters, Math.round(resellers * 0.09)));
  const level3 = Math.max(0, Math.min(resellers - masters - level2, Math.round(resellers * 0.3)));
  return [masters, level2, level3, resellers - masters - level2 - level3];
}

// Pools for names and notes: Brazilian names and the kind of notes resellers keep.
// prettier-ignore
const FIRST_NAMES = [
  'Ana', 'Maria', 'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz',
  'Marcos', 'Luis', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo',
  'Rodrigo', 'Juliana', 'Fernanda', 'Patrícia', 'Aline', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia',
  'Júlia', 'Luciana', 'Vanessa', 'Mariana', 'Gabriela', 'Vitória', 'Larissa', 'Cláudia', 'Beatriz',
];
// prettier-ignore
const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Moura',
  'Cavalcanti',
];
// prettier-ignore
const NOTES = [
  'pagou pix', 'cliente antigo', 'indicação do primo', 'paga dia 10', 'whatsapp', 'tv da sala',
  'tv do quarto', 'smart samsung', 'tv box', 'firestick', 'celular', 'cobrar dia 5', 'não renovar',
  'vizinho', 'trabalho', 'igreja', 'mãe', 'irmão', 'cunhado', 'bar do zé', 'academia', 'pousada',
  'hotel centro', 'restaurante', 'pagamento em dinheiro', 'desconto 10', 'cliente vip', 'teste convertido',
  'migrado do painel antigo', 'reclamou de travamento',
];

function sqlArrayLiteral(values: readonly string[]): string {
  return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

function sqlTextArray(values: readonly string[]) {
  return sql.raw(sqlArrayLiteral(values));
}

/** A uniform number in [0, 1) derived from (n, salt): the same row always gets the same attributes. */
const u = (n: string, salt: number) =>
  `((hashint8((${n})::bigint * 97 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

const ACCENTS = ['áàâãéêíóôõúç', 'aaaaeeiooouc'];

/** First and last name index of line n (used for its full name and, for 40 % of lines, its username). */
const firstNameIndex = (n: string) => `(1 + floor(${u(n, 12)} * ${FIRST_NAMES.length})::int)`;
const lastNameIndex = (n: string) => `(1 + floor(${u(n, 13)} * ${LAST_NAMES.length})::int)`;

/**
 * The username of generated line n, as SQL: letters then the decimal n, so it is unique (the letters
 * never contain digits) and realistic: 60 % look like the panel's random credentials ("kqbxe123"), 40 %
 * are made from the customer's name ("mariasilva123"). Nothing shares a common prefix, so the trigram
 * index sees the spread of a real panel.
 */
function lineUsernameSql(n: string) {
  return sql.raw(`(case when ${u(n, 40)} < 0.6
      then translate(substr(md5((${n})::text || 'u'), 1, 5), '0123456789', 'ghijklmnop')
      else translate(lower((${sqlArrayLiteral(FIRST_NAMES)})[${firstNameIndex(n)}] || (${sqlArrayLiteral(LAST_NAMES)})[${lastNameIndex(n)}]), '${ACCENTS[0]}', '${ACCENTS[1]}')
    end || (${n})::text)`);
}

function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return executeRows<T>(handle.db, query);
}

export async function seedLargeDataset(
  handle: DatabaseHandle,
  options: LargeDatasetOptions,
): Promise<LargeDatasetSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const db = handle.db;
  const [admin] = await rows<{ id: number; path: string }>(
    handle,
    sql`select id, path from accounts where role = 'admin' order by id limit 1`,
  );
  if (!admin) throw new Error('No admin: run the server (or its seed) once first');

  // ---- Resellers: one statement per level, parents by username, paths from the parents' paths.
  const passwordHash = await hashPassword(options.resellerPassword);
  const levels = treeLevels(options.resellers);
  let resellersInserted = 0;
  let first = 1;
  let parentFirst = 0;
  let parentCount = 0;
  for (const [level, count] of levels.entries()) {
    if (count <= 0) continue;
    const last = first + count - 1;
    // Credits by level: masters hold the most; some leaves are empty (cannot sell until given credits).
    const credits = [20000, 2000, 300, 40][level] ?? 40;
    const parentExpr =
      level === 0
        ? sql`${admin.id}`
        : sql`(select p.id from accounts p where lower(p.username) = 'rev' || lpad((${parentFirst} + (g - ${first}) % ${parentCount})::text, 5, '0'))`;
    const inserted = await rows<{ n: number }>(
      handle,
      sql`with ins as (
            insert into accounts (username, password_hash, email, role, parent_id, path, credits, notes, avatar,
                                  last_login_at, last_ip, created_at)
            select 'rev' || lpad(g::text, 5, '0'), ${passwordHash},
                   case when ${sql.raw(u('g', 1))} < 0.6 then 'rev' || g || '@exemplo.com.br' end,
                   'reseller', ${parentExpr}, '/pending/',
                   case when ${sql.raw(u('g', 2))} < 0.1 and ${level} > 0 then 0 else ${credits} end,
                   case when ${sql.raw(u('g', 3))} < 0.3 then (${sqlTextArray(NOTES)})[1 + (g % ${NOTES.length})] end,
                   'avatar' || (1 + g % 80),
                   now() - (${sql.raw(u('g', 4))} * 30) * interval '1 day',
                   '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (1 + g % 200),
                   now() - (200 + ${sql.raw(u('g', 5))} * 1200) * interval '1 day'
            from generate_series(${first}::int, ${last}::int) g
            on conflict do nothing
            returning id, credits
          ), ledger as (
            insert into credit_ledger (account_id, counterparty_id, actor_id, kind, action, type, amount,
                                       balance_before, balance_after, created_at)
            select id, ${admin.id}, ${admin.id}, 'mint', 'add', 'credits', credits, 0, credits, now() - interval '200 days'
            from ins where credits > 0
          )
          select count(*)::int as n from ins`,
    );
    await db.execute(sql`update accounts a set path = p.path || a.id || '/'
                         from accounts p where a.parent_id = p.id and a.path = '/pending/'`);
    resellersInserted += inserted[0]?.n ?? 0;
    parentFirst = first;
    parentCount = count;
    first = last + 1;
  }
  log(`resellers: ${resellersInserted} new (levels ${levels.join('/')})`);

  // ---- Owners: the big master's subtree gets a tenth of the lines (a third of those on the master itself),
  // everyone else shares the rest with a skew (a few big resellers, many small ones).
  const [big] = await rows<{ id: number; path: string }>(
    handle,
    sql`select id, path from accounts where lower(username) = ${BIG_MASTER_USERNAME}`,
  );
  if (!big) throw new Error(`${BIG_MASTER_USERNAME} missing`);
  await db.execute(sql`drop table if exists seed_owner`);
  await db.execute(
    sql`create temp table seed_owner (grp int, idx int, id int, path text, primary key (grp, idx))`,
  );
  await db.execute(sql`insert into seed_owner
      select case when a.path like ${`${big.path}%`} then 0 else 1 end,
             row_number() over (partition by a.path like ${`${big.path}%`} order by a.id) - 1, a.id, a.path
      from accounts a where a.username ~ '^rev[0-9]{5}$'`);
  const groups = await rows<{ grp: number; n: number }>(
    handle,
    sql`select grp, count(*)::int as n from seed_owner group by grp order by grp`,
  );
  const bigCount = groups.find((g) => g.grp === 0)?.n ?? 1;
  const restCount = groups.find((g) => g.grp === 1)?.n ?? 0;

  // Generated lines are 1..k: find k by bisection on the unique username index (a few lookups).
  const exists = async (n: number) =>
    n === 0 ||
    (
      await rows<{ found: boolean }>(
        handle,
        sql`select exists(select 1 from lines where username = ${lineUsernameSql(String(n))}) as found`,
      )
    )[0]?.found === true;
  let low = 0;
  let high = options.lines + 1;
  if (await exists(options.lines)) low = options.lines;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await exists(middle)) low = middle;
    else high = middle;
  }
  const from = low + 1;
  const to = options.lines;
  let linesInserted = 0;
  if (from <= to) {
    const [{ total } = { total: 0 }] = await rows<{ total: number }>(
      handle,
      sql`select count(*)::int as total from lines`,
    );
    // A first load (more to insert than there is) drops the secondary indexes, inserts, and rebuilds them
    // from their own definitions, all in one transaction: several times faster than maintaining 9 indexes
    // (one of them trigram GIN) row by row, and a failure leaves the table as it was.
    const rebuild = to - from + 1 > Math.max(total, 20_000);
    await runInTransaction(db, async (tx) => {
      // Unique indexes stay: ON CONFLICT needs them, and they keep a re-run from duplicating anything.
      const indexes = rebuild
        ? await executeRows<{ indexname: string; indexdef: string }>(
            tx,
            sql`select i.indexname, i.indexdef from pg_indexes i
                join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
                where i.schemaname = 'public' and i.tablename = 'lines' and not x.indisunique`,
          )
        : [];
      for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.indexname}"`));
      if (handle.kind === 'postgres') await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      const t0 = performance.now();
      const inserted = await tx.execute(sql`
        insert into lines (reseller_id, owner_path, username, password, full_name, macaddr, phone, max_connections,
                           enabled, exp_date, created_at, is_trial, system, extra_days, reseller_notes, package_id,
                           bouquets)
        select o.id, o.path, ${lineUsernameSql('g')},
               substr(md5(g::text), 1, 4) || (g % 97)::text || substr(md5(g::text), 9, 3),
               case when sys = 3 or ${sql.raw(u('g', 11))} < 0.7
                    then (${sqlTextArray(FIRST_NAMES)})[${sql.raw(firstNameIndex('g'))}] || ' ' ||
                         (${sqlTextArray(LAST_NAMES)})[${sql.raw(lastNameIndex('g'))}] end,
               case when sys = 3 or (sys = 2 and ${sql.raw(u('g', 14))} < 0.2)
                    then regexp_replace(lpad(to_hex(g), 12, '0'), '(..)(?!$)', '\\1:', 'g') end,
               case when ${sql.raw(u('g', 15))} < 0.4 then '55' || (11 + g % 89) || '9' || lpad((g % 100000000)::text, 8, '0') end,
               case when sys <> 1 or trial = 1 then 1
                    when ${sql.raw(u('g', 16))} < 0.65 then 1 when ${sql.raw(u('g', 16))} < 0.9 then 2
                    when ${sql.raw(u('g', 16))} < 0.97 then 3 else 4 end,
               case when ${sql.raw(u('g', 17))} < 0.04 then 0 else 1 end,
               case when trial = 1 then created + interval '4 hours'
                    -- 55 % active: most renew monthly, so expiries cluster in the next 31 days.
                    when ${sql.raw(u('g', 18))} < 0.55
                      then now() + (case when ${sql.raw(u('g', 19))} < 0.75 then ${sql.raw(u('g', 20))} * 31
                                         else 31 + ${sql.raw(u('g', 20))} * 334 end) * interval '1 day'
                    else now() - (1 + ${sql.raw(u('g', 20))} * ${sql.raw(u('g', 19))} * 720) * interval '1 day' end,
               created, trial, sys, 0,
               case when ${sql.raw(u('g', 21))} < 0.35
                    then (${sqlTextArray(NOTES)})[1 + floor(${sql.raw(u('g', 22))} * ${NOTES.length})::int]
                         || case when ${sql.raw(u('g', 23))} < 0.5 then ' ' || (1 + g % 28) || '/' || (1 + g % 12) else '' end end,
               case when trial = 1 then 61
                    when sys = 3 then (array[17, 57])[1 + (g % 2)]
                    when sys = 1 and ${sql.raw(u('g', 24))} < 0.03 then 47
                    when ${sql.raw(u('g', 24))} < 0.55 then 17 when ${sql.raw(u('g', 24))} < 0.7 then 42
                    when ${sql.raw(u('g', 24))} < 0.85 then 53 when ${sql.raw(u('g', 24))} < 0.95 then 55 else 57 end,
               case when ${sql.raw(u('g', 25))} < 0.1 then '{1,2,3,4,5,6}'::int[] else '{1,2,3,4,5}'::int[] end
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (
          select case when ${sql.raw(u('g', 30))} < 0.06 then 1 else 0 end as trial,
                 case when ${sql.raw(u('g', 31))} < 0.7 then 1 when ${sql.raw(u('g', 31))} < 0.94 then 2 else 3 end as sys,
                 now() - (case when ${sql.raw(u('g', 30))} < 0.06 then ${sql.raw(u('g', 32))} * 60
                               else ${sql.raw(u('g', 32))} * 900 end) * interval '1 day' as created,
                 case when ${sql.raw(u('g', 33))} < 0.1 then 0 else 1 end as grp,
                 ${sql.raw(u('g', 34))} as pick
        ) r
        join seed_owner o on o.grp = (case when ${restCount} = 0 then 0 else r.grp end)
                         and o.idx = case when (case when ${restCount} = 0 then 0 else r.grp end) = 0
                                          -- a third of the big subtree's lines on the master itself
                                          then case when r.pick < 0.33 then 0 else floor(power(r.pick, 2) * ${bigCount})::int end
                                          else floor(power(r.pick, 2) * ${restCount})::int end
        on conflict do nothing`);
      linesInserted = affectedRowCount(inserted);
      log(
        `lines: inserted ${linesInserted} (numbers ${from}…${to}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      for (const index of indexes) {
        const t1 = performance.now();
        await tx.execute(sql.raw(index.indexdef));
        log(`  index ${index.indexname}: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
      }
    });
    await db.execute(sql`select setval(pg_get_serial_sequence('lines', 'id'), (select max(id) from lines))`);
    // After a bulk load the visibility map and statistics are what autovacuum would leave a live system.
    await db.execute(sql`vacuum analyze lines`);
    await db.execute(sql`vacuum analyze accounts`);
    await db.execute(sql`analyze credit_ledger`);
  } else {
    log(`lines: the ${to.toLocaleString('en')} generated lines are all there, nothing to add`);
  }
  await db.execute(sql`drop table if exists seed_owner`);
  const [totals] = await rows<{ total: number; sub: number }>(
    handle,
    sql`select (select count(*)::int from lines) as total,
               (select count(*)::int from lines where owner_path like ${`${big.path}%`}) as sub`,
  );
  return {
    resellersInserted,
    linesInserted,
    totalLines: totals?.total ?? 0,
    bigMaster: { id: big.id, username: BIG_MASTER_USERNAME, path: big.path, subtreeLines: totals?.sub ?? 0 },
    seconds: (performance.now() - started) / 1000,
  };
}
