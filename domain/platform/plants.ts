/**
 * The plants of spec 000 §3.5 and spec 002 §3 with the time zones of spec 000 §9. Country and the
 * subcontractor marker are "not shown" in the spec; the values here are our reading of the plant names
 * and are kept in the database, where an administrator can correct them.
 */
export interface Plant {
  PlantID: number;
  PlantName: string;
  ShortName: string;
  Country: 'US' | 'CA' | 'MX';
  Subcontractor: boolean;
  TimeZone: string;
}

/** Spec 000 §9: 1, 4, 7, 10 New York; 2 Boise; 6 Chicago; 19 and 45 Monterrey; any other plant New York. */
export function plantTimeZone(plantId: number | null | undefined): string {
  switch (plantId) {
    case 2:
      return 'America/Boise';
    case 6:
      return 'America/Chicago';
    case 19:
    case 45:
      return 'America/Monterrey';
    default:
      return 'America/New_York';
  }
}

const p = (
  PlantID: number,
  PlantName: string,
  ShortName: string,
  Country: Plant['Country'],
  Subcontractor = false,
): Plant => ({
  PlantID,
  PlantName,
  ShortName,
  Country,
  Subcontractor,
  TimeZone: plantTimeZone(PlantID),
});

export const plants: readonly Plant[] = [
  p(0, 'OM', 'OM', 'US'),
  p(1, 'Long Valley', 'LV', 'US'),
  p(2, 'Idaho Falls', 'IDF', 'US'),
  p(3, 'Milton', 'MIL', 'US'),
  p(4, 'Waterloo', 'WTL', 'US'),
  p(5, 'FMM', 'FMM', 'US'),
  p(6, 'Dyersburg', 'DYB', 'US'),
  p(7, 'Trenton', 'TRN', 'US'),
  p(10, 'Lamar', 'LAM', 'US'),
  p(13, 'Walco', 'WAL', 'US'),
  p(19, 'Cataforesis', 'CAT', 'MX', true),
  p(45, 'STG', 'STG', 'MX'),
];
