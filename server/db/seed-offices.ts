import type { Sql } from './database';

/** The demo plants' offices (/offices) and who reports to whom (/supervisors). */
const demoOffices: Array<[string, number, string, string, string, string]> = [
  [
    'Long Valley main office',
    1,
    '12 Foundry Road',
    'Long Valley, NJ',
    '+1 908 555 0110',
    'lv.office@steelworks.example',
  ],
  [
    'Long Valley shipping office',
    1,
    '12 Foundry Road, Dock 3',
    'Long Valley, NJ',
    '+1 908 555 0114',
    'lv.shipping@steelworks.example',
  ],
  [
    'Idaho Falls office',
    2,
    '480 Snake River Way',
    'Idaho Falls, ID',
    '+1 208 555 0120',
    'idf.office@steelworks.example',
  ],
  [
    'Dyersburg office',
    6,
    '77 Mill Street',
    'Dyersburg, TN',
    '+1 731 555 0160',
    'dyb.office@steelworks.example',
  ],
  ['Head office', 0, '1 Steelworks Plaza', 'Omaha, NE', '+1 402 555 0100', 'office@steelworks.example'],
];

/** [employee, reports to]: the Long Valley roll-forming crew under their lead, the lead under the PM. */
const reportingLines: Array<[number, number]> = [
  [1701, 1002],
  [1702, 1701],
  [1703, 1701],
  [1704, 1701],
  [1705, 1701],
  [1706, 1701],
];

export async function seedOffices(db: Sql): Promise<void> {
  for (const [name, plant, address, city, phone, email] of demoOffices) {
    await db.query(
      `INSERT INTO offices (name, plant_id, address, city, phone_number, email) VALUES ($1, $2, $3, $4, $5, $6)`,
      [name, plant, address, city, phone, email],
    );
  }
  // The first office of each plant is where its office people sit.
  await db.query(
    `UPDATE employees e SET office_id = (SELECT min(o.office_id) FROM offices o WHERE o.plant_id = e.plant_id)
      WHERE e.employee_id BETWEEN 1001 AND 1011`,
  );
  for (const [employee, supervisor] of reportingLines) {
    await db.query('UPDATE employees SET supervisor_id = $2 WHERE employee_id = $1', [employee, supervisor]);
  }
}
