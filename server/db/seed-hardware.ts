import type { Sql } from './database';

/**
 * The demo plants' label printers, PLCs and KPI thresholds (/printers, /plcs, /thresholds). Addresses
 * are plant-network addresses that do not exist here: a test label or a connection test from the demo
 * says plainly that the device cannot be reached.
 */
const demoPrinters: Array<[string, number, string, string, string, string | null]> = [
  ['LV dock ZT411', 1, 'Shipping dock', '10.1.20.41', '4x6', 'shipping'],
  ['LV receiving ZT230', 1, 'Receiving', '10.1.20.42', '4x3', 'receiving'],
  ['LV saw tag printer', 1, 'Saw LV-CUT01', '10.1.20.43', '4x2', 'tags'],
  ['IF shipping ZT411', 2, 'Shipping', '10.2.20.41', '4x6', 'shipping'],
  ['IF tag printer', 2, 'Roll former IDF-RF01', '10.2.20.43', '4x2', 'tags'],
  ['DY office ZD621', 6, 'Front office', '10.6.20.41', '4x3', 'barcodes'],
];

const demoPlcs: Array<[string, number, string | null, string, string, number]> = [
  ['LV-RF01 CompactLogix', 1, 'LV-RF01', '10.1.30.11', 'ethernetIp', 5],
  ['LV-CUT01 saw controller', 1, 'LV-CUT01', '10.1.30.21', 'modbusTcp', 2],
  ['LV paint line OPC UA', 1, 'LV-PNT01', '10.1.30.31', 'opcUa', 10],
  ['IDF-RF01 S7-1200', 2, 'IDF-RF01', '10.2.30.11', 's7', 5],
  ['DYB-RF01 CompactLogix', 6, 'DYB-RF01', '10.6.30.11', 'ethernetIp', 5],
];

/** Downtime was not coloured before thresholds: these plants ask for amber past 30 and red past 60 minutes. */
const demoThresholds: Array<[number, string, number, number, string]> = [
  [1, 'downtimeMinutes', 30, 60, 'Plant manager: more than an hour down is a call to maintenance.'],
  [2, 'downtimeMinutes', 30, 60, 'Same as Long Valley.'],
];

export async function seedHardware(db: Sql): Promise<void> {
  for (const [name, plant, location, host, size, purpose] of demoPrinters) {
    await db.query(
      `INSERT INTO label_printers (name, plant_id, location, host, label_size, default_for)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [name, plant, location, host, size, purpose],
    );
  }
  for (const [name, plant, resource, address, protocol, poll] of demoPlcs) {
    await db.query(
      `INSERT INTO plcs (name, plant_id, resource_id, address, protocol, poll_seconds)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [name, plant, resource, address, protocol, poll],
    );
  }
  for (const [plant, metric, warning, alarm, notes] of demoThresholds) {
    await db.query(
      `INSERT INTO kpi_thresholds (plant_id, metric, direction, warning_level, alarm_level, notes)
       VALUES ($1, $2, 'above', $3, $4, $5)`,
      [plant, metric, warning, alarm, notes],
    );
  }
}
