/**
 * The Spanish of Intro's work page (src/areas/platform/IntroPage.tsx, issue 15), spread into
 * spanishTranslations (./translations-es.ts). Keys are the English text itself.
 */
export const spanishIntroTexts: Record<string, string> = {
  'What waits for me': 'Lo que me espera',
  'The work list could not be read: {{message}}': 'No se pudo leer la lista de trabajo: {{message}}',
  'Counting…': 'Contando…',
  'Failed saves in this browser': 'Guardados fallidos en este navegador',
  'Nothing waits for you.': 'No hay nada pendiente.',
  Shortcuts: 'Accesos directos',
  'The screens you open most.': 'Las pantallas que más abre.',
  'The main screens of your interface.': 'Las pantallas principales de su interfaz.',
  'No screens to suggest yet.': 'Aún no hay pantallas que sugerir.',
  '(TV board, new tab)': '(tablero de TV, pestaña nueva)',
  '{{plant}} today': '{{plant}} hoy',
  'Machines down': 'Máquinas detenidas',
  'People clocked in': 'Personas con entrada registrada',
  'As of {{time}}': 'Al {{time}}',
  'No figures reported for this plant yet.': 'Aún no hay cifras reportadas para esta planta.',
  'Search screens and records': 'Buscar pantallas y registros',
  'A screen, a person, a job number…': 'Una pantalla, una persona, un número de trabajo…',
  'Search results': 'Resultados de la búsqueda',
  'Nothing found for "{{query}}".': 'No se encontró nada para "{{query}}".',
  // WORK_LABELS (src/areas/platform/intro/work.ts)
  'Missing punch-outs to correct': 'Salidas sin registrar por corregir',
  "Last week's payroll weeks to lock": 'Semanas de nómina de la semana pasada por cerrar',
  'Open maintenance work orders': 'Órdenes de trabajo de mantenimiento abiertas',
  'Open fixture requests': 'Solicitudes de herramental abiertas',
  'Two-hour checks due': 'Revisiones de dos horas pendientes',
};
