// npm run create-admin -- --user NAME --password SECRET [--first F --last L --id N --plant P]
// Creates an administrator with every permission flag: the first login of a new PostgreSQL database.
// The password may come from ADMIN_PASSWORD instead of the command line (keeps it out of shell history).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createEmployee } from '../db/seed';

const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string', default: 'System' },
    last: { type: 'string', default: 'Administrator' },
    id: { type: 'string' },
    plant: { type: 'string', default: '1' },
  },
});
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!values.user || !password) {
  console.error(
    'Usage: npm run create-admin -- --user NAME --password SECRET (or ADMIN_PASSWORD=...) [--id N] [--plant P]',
  );
  process.exit(2);
}
if (password.length < 8 && process.env.ALLOW_SHORT_PASSWORD !== '1') {
  console.error('Choose a password of at least 8 characters.');
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  const taken = await db.query('SELECT 1 FROM credentials WHERE lower(user_name) = lower($1)', [values.user]);
  if (taken.length) throw new Error(`The user name ${values.user} is taken.`);
  const [row] = await db.query<{ next: number }>(
    'SELECT coalesce(max(employee_id), 0) + 1 AS next FROM employees',
  );
  const employeeId = values.id ? Number(values.id) : Number(row?.next ?? 1);
  await db.transaction((tx) =>
    createEmployee(tx, {
      employeeId,
      userName: values.user!,
      password,
      firstName: values.first!,
      lastName: values.last!,
      title: 'Administrator',
      plantId: Number(values.plant),
      flags: 'all',
    }),
  );
  console.log(`Created administrator ${values.user} (employee ${employeeId}) with every permission flag.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
