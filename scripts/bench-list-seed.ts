import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client";
import { containerCheckDigit } from "../shared/container-number";
import { MAJOR_LINES } from "./bench-support";

// Seeding for npm run bench:list: set-based SQL (generate_series), so a million shipments take
// minutes. The list columns of the latest history are written directly (as the trigger would copy
// them), since the list reads nothing else; the indexes are dropped during the load and rebuilt
// from their own definitions afterwards, as a bulk load would do.

const LINES = MAJOR_LINES;
const PORTS: [string, string][] = [
  ["JPTYO", "Tokyo"],
  ["JPYOK", "Yokohama"],
  ["JPUKB", "Kobe"],
  ["JPOSA", "大阪"],
  ["JPNGO", "名古屋"],
  ["CNSHA", "Shanghai"],
  ["CNNGB", "Ningbo"],
  ["CNSZX", "Shenzhen"],
  ["KRPUS", "Busan"],
  ["SGSIN", "Singapore"],
  ["TWKHH", "Kaohsiung"],
  ["VNSGN", "Ho Chi Minh City"],
  ["THLCH", "Laem Chabang"],
  ["NLRTM", "Rotterdam"],
  ["DEHAM", "Hamburg"],
  ["BEANR", "Antwerp"],
  ["USLAX", "Los Angeles"],
  ["USLGB", "Long Beach"],
  ["USNYC", "New York"],
  ["AUSYD", "Sydney"],
];
const TITLES = [
  "東京向け 部品",
  "Frozen tuna",
  "Machine parts",
  "自動車部品 名古屋",
  "Furniture",
  "Coffee beans",
  "冷凍食品",
  "Electronics",
  "Apparel",
  "化学品",
  "Steel coils",
  "Wine",
];
const VESSELS = [
  "ONE HARMONY",
  "EVER GIVEN",
  "MSC OSCAR",
  "MAERSK ESSEN",
  "COSCO SHIPPING ARIES",
  "HMM ALGECIRAS",
];

const textArray = (values: string[]) => `{${values.map((v) => `"${v}"`).join(",")}}`;

const SERIAL_WEIGHTS = [16, 32, 64, 128, 256, 512];
const serialSum = (serial: string) =>
  [...serial].reduce((sum, d, k) => sum + Number(d) * (SERIAL_WEIGHTS[k] ?? 0), 0);

/**
 * SQL for a real ISO 6346 number: the owner code and a six-digit serial from `i`, completed with
 * its check digit. The weighted sum is linear, so the owner code adds a constant (modulo 11),
 * found here as the one residue that agrees with containerCheckDigit on a few serials.
 */
function containerNumberSql(owner: string): string {
  const probes = ["000000", "000001", "000010", "123456"];
  const residue = [...Array(11).keys()].find((r) =>
    probes.every((s) => containerCheckDigit(`${owner}${s}`) === ((r + serialSum(s)) % 11) % 10),
  );
  if (residue === undefined) throw new Error(`not an owner code: ${owner}`);
  const serial = "lpad((i % 1000000)::text, 6, '0')";
  const digits = SERIAL_WEIGHTS.map((w, k) => `substr(${serial}, ${k + 1}, 1)::int * ${w}`).join(" + ");
  return `'${owner}' || ${serial} || (((${residue} + ${digits}) % 11) % 10)::text`;
}

/** Inserts `count` shipments for `teams` (round robin) starting at sequence `from`. */
async function insertShipments(
  db: Db,
  target: { companyIds: string[]; teamIds: string[]; ownerIds: string[]; perCompany: number },
  from: number,
  count: number,
) {
  const ports = textArray(PORTS.map((p) => p[0]));
  const names = textArray(PORTS.map((p) => p[1]));
  await db.execute(sql`
    insert into shipments (company_id, team_id, owner_user_id, title, remark, tracking_number, tracking_type,
      shipping_line, archived_at, is_failing, last_scraped_at, next_refresh_at, share_token, custom_field1,
      requested_eta, initial_etd, initial_eta, delay_days, etd_delay_days,
      place_of_receipt_locode, place_of_receipt_name, loading_port_locode, loading_port_name,
      discharging_port_locode, discharging_port_name, place_of_delivery_locode, place_of_delivery_name,
      departure_time, departure_time_status, arrival_time, arrival_time_status, place_of_delivery_eta,
      place_of_delivery_eta_status, vessel_name, vessel_voyage, container_numbers, created_at)
    select c.company_id, c.team_id, c.owner_id,
      (${textArray(TITLES)}::text[])[1 + i % ${TITLES.length}::int] || ' ' || i,
      case when i % 7 = 0 then '温度管理 remark ' || i end,
      'BK' || lpad(i::text, 9, '0'), 'BOOKING_NUMBER',
      ((${textArray(LINES)}::text[])[1 + (i / 7) % ${LINES.length}::int])::shipping_line,
      case when i % 11 = 0 then now() - interval '1 day' end,
      i % 97 = 0, now() - interval '1 hour', null,
      md5(i::text || random()::text) || md5(random()::text),
      case when i % 3 = 0 then 'PO-' || (i % 5000) end,
      case when i % 5 = 0 then (now() + ((i * 37) % 150 - 40) * interval '1 day')::date end,
      t.dep - interval '2 day', t.arr - interval '1 day', case when t.arr is not null then 1 + i % 4 end, 2,
      (${ports}::text[])[1 + (i * 3) % 20], (${names}::text[])[1 + (i * 3) % 20],
      (${ports}::text[])[1 + (i * 7) % 20], (${names}::text[])[1 + (i * 7) % 20],
      (${ports}::text[])[1 + (i * 11) % 20], (${names}::text[])[1 + (i * 11) % 20],
      (${ports}::text[])[1 + (i * 13) % 20], (${names}::text[])[1 + (i * 13) % 20],
      t.dep, case when t.dep < now() then 'ACTUAL' else 'ESTIMATED' end::time_status,
      t.arr, case when t.arr is null then null when t.arr < now() then 'ACTUAL' else 'ESTIMATED' end::time_status,
      t.arr + interval '2 day', case when t.arr is not null then 'ESTIMATED' end::time_status,
      (${textArray(VESSELS)}::text[])[1 + i % ${VESSELS.length}::int], lpad((i % 900)::text, 3, '0') || 'E',
      case when i % 2 = 0 then array[${sql.raw(containerNumberSql("MSCU"))}]
        else array[${sql.raw(containerNumberSql("TGHU"))}, ${sql.raw(containerNumberSql("TCLU"))}] end,
      now() - (i % 365) * interval '1 day'
    from generate_series(${from}::int, ${from + count - 1}::int) as i
    cross join lateral (
      select (${textArray(target.companyIds)}::uuid[])[1 + (i - 1) / ${target.perCompany}::int] as company_id,
        (${textArray(target.teamIds)}::uuid[])[1 + (i - 1) / ${target.perCompany}::int] as team_id,
        (${textArray(target.ownerIds)}::uuid[])[1 + (i - 1) / ${target.perCompany}::int] as owner_id
    ) c
    cross join lateral (
      select now() + ((i * 37) % 150 - 60) * interval '1 day' + (i % 24) * interval '1 hour' as dep,
        case when i % 20 = 0 then null
          else now() + ((i * 37) % 150 - 60 + 10 + i % 30) * interval '1 day' + (i % 24) * interval '1 hour' end as arr
    ) t`);
}

async function company(db: Db, name: string, plan: string) {
  const [row] = await db.execute<{ company_id: string; team_id: string; user_id: string }>(sql`
    with c as (
      insert into companies (company_name, phone_number, work_email, approval_state, approved_at, trial_started_at,
        is_headquarter_enabled)
      values (${name}, '+81 3 0000 0000', ${`${name.toLowerCase().replaceAll(" ", "-")}@bench.example`},
        'APPROVED', now(), now(), true)
      returning id
    ), k as (
      insert into contracts (company_id, plan, starts_at, ends_at, max_members, max_trackings)
      select id, ${plan}::plan, now() - interval '1 day', now() + interval '365 day', 100, 200000 from c
    ), t as (
      insert into teams (company_id, name) select id, 'Main' from c returning id, company_id
    ), u as (
      insert into users (company_id, email, nickname, is_email_verified, role_id)
      select id, ${`admin@${name.toLowerCase().replaceAll(" ", "-")}.bench.example`}, 'Bench admin', true,
        '00000000-0000-0000-0000-000000000000' from c
      returning id
    ), m as (
      insert into team_members (company_id, team_id, user_id) select t.company_id, t.id, u.id from t, u
    )
    select t.company_id, t.id as team_id, u.id as user_id from t, u`);
  if (!row) throw new Error("company not created");
  return { companyId: row.company_id, teamId: row.team_id, userId: row.user_id };
}

export interface Seeded {
  companyId: string;
  teamId: string;
  userId: string;
  total: number;
}

/** One company with `perCompany` shipments to measure, and others up to `total` around it. */
export async function seedList(
  db: Db,
  options: { perCompany: number; total: number },
  out: (line: string) => void,
): Promise<Seeded> {
  const companies = [];
  const count = Math.ceil(options.total / options.perCompany);
  for (let n = 0; n < count; n += 1) {
    companies.push(
      await company(db, n === 0 ? "Bench Co" : `Other Co ${n}`, n === 0 ? "PREMIUM" : "STANDARD"),
    );
  }
  const bench = companies[0];
  if (!bench) throw new Error("no company");
  const indexes = await db.execute<{ indexname: string; indexdef: string }>(sql`
    select indexname, indexdef from pg_indexes
    where tablename = 'shipments' and indexname not in (
      select conname from pg_constraint where conrelid = 'shipments'::regclass)`);
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  const target = {
    companyIds: companies.map((c) => c.companyId),
    teamIds: companies.map((c) => c.teamId),
    ownerIds: companies.map((c) => c.userId),
    perCompany: options.perCompany,
  };
  const chunk = 100_000;
  for (let from = 1; from <= options.total; from += chunk) {
    await insertShipments(db, target, from, Math.min(chunk, options.total - from + 1));
    out(`  ${Math.min(from + chunk - 1, options.total)} / ${options.total} shipments`);
  }
  out("  rebuilding indexes, vacuum analyze…");
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`
    insert into favorites (user_id, shipment_id)
    select ${bench.userId}, id from shipments where team_id = ${bench.teamId} and tracking_number like '%00'`);
  await db.execute(sql`vacuum analyze shipments`);
  await db.execute(sql`vacuum analyze favorites`);
  return { ...bench, total: options.total };
}
