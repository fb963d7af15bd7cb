/**
 * The Spanish of the painting tablet screens (src/areas/shopfloor/painting) and the painting,
 * scoreboard and KPI TV boards (src/areas/tv/painting, scoreboard, kpi), spread into
 * spanishTranslations (./translations-es.ts). A key lives in one map only: Painting, Viscosity Report,
 * the TV screens' titles, Job, Part, Quantity, Colour, Time, Status, Machine, Scrap, Downtime, Idle,
 * From, To, Log in, Loading…, Target, Indirect, Direct, Pieces per hour and Downtime today are the shell's or
 * another area's already.
 */
export const spanishBoardTexts: Record<string, string> = {
  // Words of the painting, scoreboard and KPI screens.
  Started: 'Inicio',
  Seconds: 'Segundos',
  Range: 'Rango',
  Operator: 'Operador',
  Line: 'Línea',
  Pieces: 'Piezas',
  Nobody: 'Nadie',
  'In range': 'En rango',
  'Out of range': 'Fuera de rango',
  '{{minutes}} min': '{{minutes}} min',
  '{{count}} pieces': '{{count}} piezas',

  // Every board, on a document of an earlier day (board-day-note.tsx).
  'Figures of {{date}}: nothing reported today yet.': 'Cifras del {{date}}: aún no se ha reportado nada hoy.',

  // /tv/painting/{ResourceID}.
  'No paint line {{resource}} on this topic yet.': 'Aún no hay línea de pintura {{resource}} en este tema.',
  'No load on the line.': 'No hay carga en la línea.',
  'Good pieces painted today': 'Piezas buenas pintadas hoy',
  'Scrap: {{count}}': 'Desperdicio: {{count}}',
  'No reading due: nothing on the line.': 'No toca lectura: no hay nada en la línea.',
  'Viscosity reading OVERDUE by {{minutes}} min (due {{time}})':
    'Lectura de viscosidad ATRASADA {{minutes}} min (tocaba a las {{time}})',
  'Next viscosity reading due {{time}} (in {{minutes}} min)':
    'Próxima lectura de viscosidad a las {{time}} (en {{minutes}} min)',
  'A reading every {{minutes}} minutes': 'Una lectura cada {{minutes}} minutos',
  'Last viscosity readings': 'Últimas lecturas de viscosidad',
  'No readings yet.': 'Aún no hay lecturas.',

  // /tv/scoreboard/{BayNumber}.
  'No bay {{bay}} on this topic yet.': 'Aún no hay nave {{bay}} en este tema.',
  'Bay {{bay}}': 'Nave {{bay}}',
  'On it': 'Operando',
  'DOWN: {{reason}}': 'PARADA: {{reason}}',
  'Bay total': 'Total de la nave',
  'Target: pieces the machine’s rate allows for the time someone worked on it this shift, less downtime.':
    'Meta: piezas que permite la tasa de la máquina por el tiempo que alguien trabajó en ella este turno, menos el tiempo muerto.',

  // /tv/kpimonitor/{PlantID}.
  'No KPIs for plant {{plant}} on this topic yet.':
    'Aún no hay indicadores de la planta {{plant}} en este tema.',
  'Nobody has clocked in today yet.': 'Nadie ha checado entrada hoy todavía.',
  'Target {{count}}/h': 'Meta {{count}}/h',
  'Pieces today': 'Piezas hoy',
  'Target {{target}}': 'Meta {{target}}',
  'No downtime today': 'Sin tiempo muerto hoy',
  'People clocked in: {{count}}': 'Personas con entrada: {{count}}',
  'shift since {{time}}': 'turno desde las {{time}}',

  // /manufacturing/painting.
  'Log in to record viscosity readings.': 'Inicie sesión para registrar lecturas de viscosidad.',
  'Reading recorded: {{seconds}} s, in range.': 'Lectura registrada: {{seconds}} s, en rango.',
  'Reading recorded: {{seconds}} s, OUT OF RANGE ({{min}}–{{max}} s). Adjust the paint.':
    'Lectura registrada: {{seconds}} s, FUERA DE RANGO ({{min}}–{{max}} s). Ajuste la pintura.',
  'My viscosity report': 'Mi reporte de viscosidad',
  'This plant has no paint lines.': 'Esta planta no tiene líneas de pintura.',
  'On the line': 'En la línea',
  'Job {{job}}, part {{part}}, {{quantity}} pieces': 'Trabajo {{job}}, pieza {{part}}, {{quantity}} piezas',
  'Started {{time}}': 'Inició {{time}}',
  'Next reading due {{time}}': 'Próxima lectura: {{time}}',
  'Good pieces painted today: {{count}}': 'Piezas buenas pintadas hoy: {{count}}',
  'Record a viscosity reading': 'Registrar una lectura de viscosidad',
  'Choose the paint': 'Elija la pintura',
  'Seconds (Zahn cup)': 'Segundos (copa Zahn)',
  'Temperature °F': 'Temperatura °F',
  'Target {{min}}–{{max}} s': 'Meta {{min}}–{{max}} s',
  'Record reading': 'Registrar lectura',
  // The reading checks of domain/painting/rules.ts, shown before the call.
  'Choose the paint.': 'Elija la pintura.',
  'Seconds must be between 5 and 120 (Zahn cup).': 'Los segundos deben estar entre 5 y 120 (copa Zahn).',
  'TemperatureF must be between 32 and 140 °F.': 'La temperatura debe estar entre 32 y 140 °F.',

  // /manufacturing/painting/viscosityreport/{EmployeeID}.
  'Log in to see viscosity readings.': 'Inicie sesión para ver las lecturas de viscosidad.',
  'Back to painting': 'Volver a pintura',
  '{{count}} readings: {{ok}} in range, {{out}} out of range':
    '{{count}} lecturas: {{ok}} en rango, {{out}} fuera de rango',
  'No readings in these days.': 'No hay lecturas en estos días.',

  // Starting a load on the painting tablet.
  'Start a new load': 'Iniciar una carga nueva',
  'Start load': 'Iniciar carga',
  'Load started on {{line}}.': 'Carga iniciada en {{line}}.',
  'The load running on the line ends.': 'La carga que corre en la línea termina.',
};
