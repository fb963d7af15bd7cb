/**
 * The Spanish of the time-clock screens (src/areas/timeclock: faces board, face history, clock
 * analysis, timecards; src/areas/shopfloor/time: my time, shop faces), spread into spanishTranslations
 * (./translations-es.ts). A key lives in one map only. A punch is a "marcaje", "clock in" is "fichar",
 * overtime "horas extra", a timecard "tarjeta de horas".
 */
export const spanishTimeclockTexts: Record<string, string> = {
  // My time (tablet).
  'My time': 'Mi tiempo',
  'Hours today': 'Horas hoy',
  'Hours this week': 'Horas esta semana',
  'Direct today': 'Directo hoy',
  'Indirect today': 'Indirecto hoy',
  'Punches today': 'Marcajes de hoy',
  In: 'Entrada',
  Out: 'Salida',
  'still in': 'sigue dentro',
  'No punches today.': 'Sin marcajes hoy.',
  'Activities today': 'Actividades de hoy',
  '{{machine}}: job {{job}}, operation {{op}}': '{{machine}}: trabajo {{job}}, operación {{op}}',
  now: 'ahora',
  'No activities today.': 'Sin actividades hoy.',
  // Faces board.
  '{{count}} clocked in': '{{count}} fichados',
  'Only clocked in': 'Solo fichados',
  'Nobody of this plant has clocked in.': 'Nadie de esta planta ha fichado.',
  'job {{job}}, operation {{op}}': 'trabajo {{job}}, operación {{op}}',
  'Idle since {{time}} ({{minutes}} min)': 'Inactivo desde {{time}} ({{minutes}} min)',
  'Clock in someone': 'Fichar la entrada de alguien',
  'Choose a person': 'Elija una persona',
  // Face history.
  // 'Clocked in' and 'Indirect' are in translations-es-tv.ts (the faceboard uses them too).
  'Clocked in and out': 'Fichó entrada y salida',
  Direct: 'Directo',
  'Whole plant': 'Toda la planta',
  'No punches or activities in these dates.': 'Sin marcajes ni actividades en estas fechas.',
  // Clock analysis.
  'The punch-in time is needed.': 'Falta la hora de entrada.',
  'The punch of {{name}} is corrected.': 'El marcaje de {{name}} está corregido.',
  'Only flagged ({{count}})': 'Solo señalados ({{count}})',
  'Clock punches': 'Marcajes',
  Flags: 'Señales',
  Corrected: 'Corregido',
  'Punch in': 'Entrada',
  'Punch out': 'Salida',
  'Missing punch-out': 'Falta la salida',
  'Long shift': 'Turno largo',
  '{{name}}, {{time}}': '{{name}}, {{time}}',
  'Correct the punch of {{name}}': 'Corregir el marcaje de {{name}}',
  Correct: 'Corregir',
  'No punches in these dates.': 'Sin marcajes en estas fechas.',
  'Missing punch-out: still open after its day ended. Long shift: more than 12 hours.':
    'Falta la salida: sigue abierto después de terminar su día. Turno largo: más de 12 horas.',
  // Timecards.
  '◀ Previous week': '◀ Semana anterior',
  'Week of': 'Semana del',
  'Next week ▶': 'Semana siguiente ▶',
  Regular: 'Normales',
  Overtime: 'Horas extra',
  'Nobody of this plant clocked in this week.': 'Nadie de esta planta fichó esta semana.',
  'Paid hours are the punches’ minutes (the plant calendar has no unpaid breaks); overtime is a week’s hours over {{limit}}.':
    'Las horas pagadas son los minutos de los marcajes (el calendario de la planta no tiene descansos sin pago); horas extra son las de la semana por encima de {{limit}}.',
};
