import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, queryRows } from '../src/index.ts';

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'helio-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('0002_stations_devices on a database with stations', () => {
  it('gives earlier stations their owning tree and placeholders, and keeps them', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(2) });
    await db.execute(sql`insert into users (user_id, user_name, email, password_hash, role_id, installer_level, parent_id) values
      (2001, 'l1', 'l1@x.invalid', 'h', 1, 1, null),
      (2002, 'l2', 'l2@x.invalid', 'h', 1, 2, 2001),
      (2003, 'e', 'e@x.invalid', 'h', 2, null, 2002),
      (2004, 'loner', 'loner@x.invalid', 'h', 2, null, null)`);
    await db.execute(sql`insert into stations (station_id, station_name, station_type, installer_id, end_user_id) values
      (3001, 'Roof', 1, 2002, 2003),
      (3002, 'Garage', 8, null, 2003),
      (3003, 'Shed', 4, null, 2004)`);

    await migrate(db, { migrationsFolder });
    const rows = await queryRows<Record<string, unknown>>(
      db as never,
      sql`select station_id, owner_root_id, country_code, address, capacity_kwp::float8 as capacity_kwp, timezone
          from stations order by station_id`,
    );
    expect(rows).toEqual([
      {
        station_id: 3001,
        owner_root_id: 2001,
        country_code: '',
        address: '',
        capacity_kwp: 0,
        timezone: 'UTC',
      },
      {
        station_id: 3002,
        owner_root_id: 2001,
        country_code: '',
        address: '',
        capacity_kwp: 0,
        timezone: 'UTC',
      },
      {
        station_id: 3003,
        owner_root_id: 2004,
        country_code: '',
        address: '',
        capacity_kwp: 0,
        timezone: 'UTC',
      },
    ]);
    // the placeholders were only for the old rows: new rows must say where they are
    await expect(
      db.execute(
        sql`insert into stations (station_name, station_type, end_user_id, owner_root_id) values ('x', 1, 2004, 2004)`,
      ),
    ).rejects.toThrow();
    await client.close();
  }, 60_000);
});

describe('0005_alarms_messages on a database with alarms', () => {
  it('keeps earlier alarms, gives them their severity and the events they stand for', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(5) });
    await db.execute(sql`insert into users (user_id, user_name, email, password_hash, role_id, installer_level)
      values (2001, 'l1', 'l1@x.invalid', 'h', 1, 1)`);
    await db.execute(sql`insert into stations (station_id, station_name, station_type, installer_id, owner_root_id,
      country_code, address, latitude, longitude, capacity_kwp, unit_price, currency, timezone)
      values (3001, 'Roof', 1, 2001, 2001, 'PL', 'x', 52, 21, 5, 0.8, 'PLN', 'UTC')`);
    await db.execute(sql`insert into devices (device_id, station_id, sn, device_type, model)
      values (4001, 3001, 'INV0000000001', 1, 'x')`);
    await db.execute(sql`insert into device_alarms (device_id, code, part, raised_at, cleared_at) values
      (4001, 101, '', '2026-05-01T10:00:00.123456Z', '2026-05-01T11:00:00Z'),
      (4001, 407, '', '2026-05-02T10:00:00Z', null)`);

    await migrate(db, { migrationsFolder });
    const alarms = await queryRows<Record<string, unknown>>(
      db as never,
      sql`select code, severity, source, processing_state, notice_pending,
                 to_char(raised_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as raised
          from device_alarms order by code`,
    );
    expect(alarms).toEqual([
      {
        code: 101,
        severity: 'fault',
        source: 'device',
        processing_state: 'unprocessed',
        notice_pending: false,
        raised: '2026-05-01T10:00:00.123000',
      },
      {
        code: 407,
        severity: 'critical',
        source: 'device',
        processing_state: 'unprocessed',
        notice_pending: false,
        raised: '2026-05-02T10:00:00.000000',
      },
    ]);
    const events = await queryRows<Record<string, unknown>>(
      db as never,
      sql`select code, event from device_alarm_events order by code, ts`,
    );
    expect(events).toEqual([
      { code: 101, event: 'raise' },
      { code: 101, event: 'clear' },
      { code: 407, event: 'raise' },
    ]);
    await client.close();
  }, 60_000);
});
