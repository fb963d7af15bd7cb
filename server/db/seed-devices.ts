import type { Sql } from './database';

/** The demo plants' devices (/devices, the first kit document): tablets at the machines, TVs, scanners. */
const demoDevices: Array<[string, string, number, string | null, string | null, string | null]> = [
  ['LV saw tablet', 'tablet', 1, 'Saw LV-CUT01', 'TAB-1001', '2025-09-15'],
  ['LV roll former tablet', 'tablet', 1, 'Roll former LV-RF01', 'TAB-1002', '2025-09-15'],
  ['LV faceboard TV', 'tv', 1, 'Break room', 'TV-2001', '2025-06-02'],
  ['LV KPI TV', 'tv', 1, 'Office hallway', 'TV-2002', '2025-06-02'],
  ['LV dock scanner', 'scanner', 1, 'Shipping dock', 'SC-3001', '2026-01-12'],
  ['LV label printer', 'printer', 1, 'Shipping dock', 'PR-4001', '2024-11-20'],
  ['IF saw tablet', 'tablet', 2, 'Saw IDF-CUT01', 'TAB-1101', '2026-02-03'],
  ['IF faceboard TV', 'tv', 2, 'Entrance', 'TV-2101', '2026-02-03'],
  ['DY time kiosk', 'kiosk', 6, 'Main entrance', 'KI-5001', '2025-03-10'],
  ['DY scoreboard TV', 'tv', 6, 'Bay 1', 'TV-2601', '2025-03-10'],
];

export async function seedDevices(db: Sql): Promise<void> {
  for (const [name, kind, plant, location, serial, installed] of demoDevices) {
    await db.query(
      `INSERT INTO devices (name, kind, plant_id, location, serial_number, installed_on)
       VALUES ($1, $2, $3, $4, $5, $6::date)`,
      [name, kind, plant, location, serial, installed],
    );
  }
}
