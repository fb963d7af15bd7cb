import { createHash, randomUUID } from 'node:crypto';
import { flagColumn, type PermissionFlag, permissionFlags } from '../../domain/platform/permissions';
import { plants } from '../../domain/platform/plants';
import { hashPassword } from '../areas/platform/passwords';
import type { Database, Sql } from './database';
import { seedAlgorithms } from './seed-algorithms';
import { seedCostingEngines } from './seed-costing';
import { seedDevices } from './seed-devices';
import { seedHardware } from './seed-hardware';
import { seedMaintenance } from './seed-maintenance';
import { seedOffices } from './seed-offices';
import { seedOrders } from './seed-orders';
import { seedPainting } from './seed-painting';
import { seedPayroll } from './seed-payroll';
import { type ProductionSeedSize, seedProduction } from './seed-production';
import { seedScheduling } from './seed-scheduling';
import { seedShopfloor } from './seed-shopfloor';
import { spanishTranslations } from './translations-es';

/**
 * Reference data every database needs (the plants of spec 000 §3.5, the Spanish texts the product
 * ships); never overwrites an edited row: a shipped text only fills in a translation that is missing.
 */
export async function seedReference(db: Sql): Promise<void> {
  for (const p of plants) {
    await db.query(
      `INSERT INTO plants (plant_id, plant_name, short_name, country, subcontractor, time_zone)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (plant_id) DO NOTHING`,
      [p.PlantID, p.PlantName, p.ShortName, p.Country, p.Subcontractor, p.TimeZone],
    );
  }
  await db.query(
    `INSERT INTO translations (language, english, translated)
     SELECT 'es', e, t FROM unnest($1::text[], $2::text[]) AS s(e, t)
     ON CONFLICT (language, english) DO UPDATE SET translated = EXCLUDED.translated
       WHERE translations.translated IS NULL`,
    [Object.keys(spanishTranslations), Object.values(spanishTranslations)],
  );
}

export interface NewEmployee {
  employeeId: number;
  userName: string;
  password: string;
  firstName: string;
  lastName: string;
  title: string;
  plantId: number;
  email?: string;
  phone?: string;
  language?: 'en' | 'es';
  flags: readonly PermissionFlag[] | 'all';
  secureReports?: string[];
  photo?: Buffer;
}

/** Inserts an employee with credentials, flags, secure reports and an optional photo. */
export async function createEmployee(db: Sql, e: NewEmployee): Promise<void> {
  const flags = new Set(e.flags === 'all' ? permissionFlags : e.flags);
  let photoId: string | null = null;
  if (e.photo) {
    photoId = randomUUID();
    await db.query(
      `INSERT INTO stored_files (file_id, file_name, content_type, size, sha256, bytes, owner_kind, owner_id)
       VALUES ($1, $2, 'image/bmp', $3, $4, $5, 'employee-photo', $6)`,
      [
        photoId,
        `${e.employeeId}.bmp`,
        e.photo.length,
        createHash('sha256').update(e.photo).digest('hex'),
        e.photo,
        String(e.employeeId),
      ],
    );
  }
  const flagCols = permissionFlags.map(flagColumn);
  const base = [
    e.employeeId,
    e.firstName,
    e.lastName,
    e.email ?? `${e.userName}@steelworks.example`,
    e.title,
    e.phone ?? null,
    e.plantId,
    e.language ?? 'en',
    photoId,
    `STEELWORKS\\${e.userName}`,
  ];
  const values = [...base, ...permissionFlags.map((f) => flags.has(f))];
  const placeholders = values.map((_, i) => `$${i + 1}`).join(', ');
  await db.query(
    `INSERT INTO employees (employee_id, first_name, last_name, email, title, phone_number, plant_id, language,
       photo_file_id, domain_id, ${flagCols.join(', ')}) VALUES (${placeholders})`,
    values,
  );
  await db.query('INSERT INTO credentials (employee_id, user_name, password_hash) VALUES ($1, $2, $3)', [
    e.employeeId,
    e.userName,
    await hashPassword(e.password),
  ]);
  for (const report of e.secureReports ?? []) {
    await db.query('INSERT INTO employee_secure_reports (employee_id, report_name) VALUES ($1, $2)', [
      e.employeeId,
      report,
    ]);
  }
}

/** A small 24-bit BMP portrait (a head-and-shoulders silhouette on a colour), so photos are real images. */
export function portraitBmp(background: [number, number, number], size = 64): Buffer {
  const rowBytes = Math.ceil((size * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowBytes * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // BMP rows run bottom-up.
      const fy = size - 1 - y;
      const head = (x - size / 2) ** 2 + (fy - size * 0.38) ** 2 < (size * 0.18) ** 2;
      const body =
        fy > size * 0.62 &&
        (x - size / 2) ** 2 / (size * 0.36) ** 2 + (fy - size) ** 2 / (size * 0.38) ** 2 < 1;
      const [r, g, b] = head || body ? [240, 240, 240] : background;
      const o = y * rowBytes + x * 3;
      pixels[o] = b;
      pixels[o + 1] = g;
      pixels[o + 2] = r;
    }
  }
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(size, 18);
  header.writeInt32LE(size, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/**
 * The demo people, one for each role the specifications name. Every password is the user name
 * (admin / admin). The README lists them.
 */
export const demoEmployees: NewEmployee[] = [
  {
    employeeId: 1001,
    userName: 'admin',
    password: 'admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    title: 'Systems Administrator',
    plantId: 1,
    phone: '6105550101',
    flags: 'all',
    secureReports: ['Commission Statement', 'Payroll Summary'],
    photo: portraitBmp([31, 111, 235]),
  },
  {
    employeeId: 1002,
    userName: 'pm',
    password: 'pm',
    firstName: 'Priya',
    lastName: 'Mehta',
    title: 'Project Manager',
    plantId: 1,
    phone: '6105550102',
    flags: [
      'accessPm',
      'salaried',
      'projectManagement',
      'viewBudgets',
      'viewForms',
      'viewAllProjects',
      'accessConfigurator',
      'configuratorAccess',
      'configuratorReadAccess',
      'canChangeInterface',
      'customerPortalAttachments',
    ],
  },
  {
    employeeId: 1003,
    userName: 'scheduler',
    password: 'scheduler',
    firstName: 'Sam',
    lastName: 'Ortiz',
    title: 'Production Scheduler',
    plantId: 2,
    flags: [
      'accessManufacturing',
      'viewScheduling',
      'viewScheduleDetails',
      'editProductionSchedules',
      'editPlanningSchedules',
      'createWhatIfSchedules',
      'commitSchedules',
      'viewScheduleSummary',
      'viewScheduleQuotes',
      'viewProductionPlans',
      'editProductionPlans',
      'editMachineRates',
    ],
  },
  {
    employeeId: 1004,
    userName: 'supervisor',
    password: 'supervisor',
    firstName: 'Dana',
    lastName: 'Whitfield',
    title: 'Shop Supervisor',
    plantId: 6,
    flags: [
      'accessManufacturing',
      'supervisor',
      'approvesTime',
      'salaried',
      'viewPayroll',
      'editPayroll',
      'viewProductionPlans',
      'viewMaintenance',
      'createMaintenanceWorkOrder',
      'viewScheduling',
    ],
  },
  {
    employeeId: 1005,
    userName: 'operator',
    password: 'operator',
    firstName: 'Luis',
    lastName: 'Romero',
    title: 'Saw Operator',
    plantId: 19,
    language: 'es',
    // Starts the day clocked out (no open punch): his first job on the tablet is to clock in.
    flags: ['accessManufacturing'],
    photo: portraitBmp([26, 127, 55]),
  },
  {
    employeeId: 1006,
    userName: 'installer',
    password: 'installer',
    firstName: 'Jordan',
    lastName: 'Blake',
    title: 'Lead Installer',
    plantId: 0,
    flags: ['installer', 'accessInstallerPortal'],
  },
  {
    employeeId: 1007,
    userName: 'vendor',
    password: 'vendor',
    firstName: 'Victor',
    lastName: 'Hale',
    title: 'Account Manager, Hale Steel Supply',
    plantId: 0,
    flags: ['accessVendorPortal'],
  },
  {
    employeeId: 1008,
    userName: 'customer',
    password: 'customer',
    firstName: 'Carmen',
    lastName: 'Diaz',
    title: 'Store Development, Northwind Retail',
    plantId: 0,
    flags: ['accessCustomerPortal'],
  },
  {
    employeeId: 1009,
    userName: 'finance',
    password: 'finance',
    firstName: 'Fiona',
    lastName: 'Grant',
    title: 'Controller',
    plantId: 1,
    flags: ['accessFinance', 'processPoc', 'viewCommissionCalc', 'viewBudgets', 'salaried', 'canChangePlant'],
    secureReports: ['Commission Statement'],
  },
  {
    employeeId: 1010,
    userName: 'fis',
    password: 'fis',
    firstName: 'Marcus',
    lastName: 'Bell',
    title: 'Installation Manager',
    plantId: 1,
    flags: [
      'accessFis',
      'accessPm',
      'salaried',
      'canChangeInterface',
      'fisPersonnel',
      'fisAdmin',
      'fisQuoteAdmin',
      'fisQuoteCollaboration',
      'fisViewQuotes',
      'fisCreateQuotes',
      'fisViewAllOrders',
      'fisPayrollView',
      'fisPayrollEdit',
      'fisPayrollFinalize',
      'fisPayrollEpicorExport',
    ],
  },
  {
    employeeId: 1011,
    userName: 'shipper',
    password: 'shipper',
    firstName: 'Tom',
    lastName: 'Becker',
    title: 'Shipping Lead',
    plantId: 3,
    flags: ['accessManufacturing', 'shipper', 'receiver', 'finalizeShipment'],
  },
];

/**
 * The demo's help links point at the help pages inside the product (public/help, served with the
 * client), never at a host that does not exist: the demo has no video or SOP library of its own.
 */
const HELP = '/help';

/** The demo help videos and procedure links (screen name, kind, title, address). */
export const demoHelpLinks: ReadonlyArray<readonly [string, 'video' | 'sop', string, string]> = [
  ['Intro', 'video', 'Getting around the application', `${HELP}/getting-around.html#menu`],
  ['Intro', 'sop', 'SOP-001 Logging in and choosing a plant', `${HELP}/getting-around.html#login`],
  ['Connections', 'sop', 'SOP-014 Checking live connections', `${HELP}/connections.html#check`],
  [
    'Production Plan',
    'video',
    'Building a production plan from released jobs',
    `${HELP}/production-plan.html#build`,
  ],
  ['Production Plan', 'video', 'Moving a plan between work centers', `${HELP}/production-plan.html#move`],
  [
    'Production Plan',
    'sop',
    'SOP-210 Releasing a production plan to the floor',
    `${HELP}/production-plan.html#release`,
  ],
  [
    'Production Plans',
    'video',
    'Finding and filtering production plans',
    `${HELP}/production-plans.html#find`,
  ],
  ['Scheduling', 'video', 'Reading the plant schedule', `${HELP}/scheduling.html#overview`],
  ['Scheduling', 'video', 'What-if schedules and committing them', `${HELP}/scheduling.html#whatif`],
  ['Scheduling', 'sop', 'SOP-220 Weekly schedule commit', `${HELP}/scheduling.html#commit`],
  ['Scheduling', 'sop', 'SOP-221 Holidays, shifts and overrides', `${HELP}/scheduling.html#calendar`],
];

/**
 * Demo people, help links, orders and production data (the Spanish texts come with the reference
 * data); skipped when the demo people exist already. Returns whether it seeded. `production`: `small`
 * (40 jobs, the default: integration tests seed every test file's database) or `full` (2,000 jobs:
 * `npm start` and `npm run seed:demo`).
 */
export async function seedDemo(
  db: Database,
  opts: { production?: ProductionSeedSize } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await seedReference(tx);
    // Keyed on the demo people themselves, so seeding after `create-admin` still works.
    const existing = await tx.query(
      `SELECT 1 FROM employees e LEFT JOIN credentials c USING (employee_id)
        WHERE e.employee_id = ANY($1::int[]) OR lower(c.user_name) = ANY($2::text[]) LIMIT 1`,
      [demoEmployees.map((e) => e.employeeId), demoEmployees.map((e) => e.userName)],
    );
    if (existing.length) return false;
    for (const e of demoEmployees) await createEmployee(tx, e);
    await seedOrders(tx);
    await seedProduction(tx, opts.production ?? 'small');
    await seedCostingEngines(tx);
    await seedAlgorithms(tx);
    await seedScheduling(tx);
    await seedShopfloor(tx);
    // Before payroll: the maintenance technicians are plant employees with payroll weeks like the rest.
    await seedMaintenance(tx);
    // The thresholds before the boards' documents, which are coloured by them (issue 16).
    await seedHardware(tx);
    // Paint lines, bays and the TV boards' documents (issue 7 parts 2-3).
    await seedPainting(tx);
    await seedPayroll(tx);
    await seedDevices(tx);
    await seedOffices(tx);
    for (const [route, kind, title, url] of demoHelpLinks) {
      await tx.query('INSERT INTO help_links (route_name, kind, title, url) VALUES ($1, $2, $3, $4)', [
        route,
        kind,
        title,
        url,
      ]);
    }
    return true;
  });
}
