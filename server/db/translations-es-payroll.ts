/**
 * The Spanish of the payroll screen (src/areas/payroll), spread into spanishTranslations
 * (./translations-es.ts). A key lives in one map only: texts it shares with other screens ("Payroll",
 * "Plant", "Notes", "Lock", …) are in ./translations-es-screens.ts or their area's map. "Payroll" is
 * "nómina", a prepay (money advanced to the employee) is an "anticipo", overtime "horas extra".
 */
export const spanishPayrollTexts: Record<string, string> = {
  // The field names (PayrollPage fieldLabels, shortLabels) and the day names (dayNames).
  'Regular hours': 'Horas normales',
  'Overtime hours': 'Horas extra',
  'Holiday hours': 'Horas festivas',
  Prepay: 'Anticipo',
  Reg: 'Norm.',
  OT: 'Extra',
  Hol: 'Fest.',
  Mon: 'Lun',
  Tue: 'Mar',
  Wed: 'Mié',
  Thu: 'Jue',
  Fri: 'Vie',
  Sat: 'Sáb',
  Sun: 'Dom',
  // The toolbar and the grid.
  '◂ Previous week': '◂ Semana anterior',
  'Next week ▸': 'Semana siguiente ▸',
  'This week': 'Esta semana',
  'Week of {{date}}': 'Semana del {{date}}',
  Employee: 'Empleado',
  'Week totals': 'Totales de la semana',
  Week: 'Semana',
  '{{field}} of {{name}} on {{day}}': '{{field}} de {{name}} el {{day}}',
  '{{n}} regular h over 40': '{{n}} h normales por encima de 40',
  'This plant has no employees.': 'Esta planta no tiene empleados.',
  'Lock the week of {{week}} for {{name}}? Its days cannot be changed until it is unlocked.':
    '¿Bloquear la semana del {{week}} de {{name}}? Sus días no se podrán cambiar hasta desbloquearla.',
  // A refused edit.
  'Not saved:': 'No guardado:',
  '(fix the value, or press Escape to go back to the saved one)':
    '(corrija el valor, o pulse Escape para volver al guardado)',
  // The selected day's panel.
  '{{field}} of the selected day': '{{field}} del día seleccionado',
  'Notes of the selected day': 'Notas del día seleccionado',
  'Last changed by {{name}}': 'Último cambio de {{name}}',
  'Not changed yet': 'Sin cambios todavía',
  'The week is locked': 'La semana está bloqueada',
  'Pick an employee (name) and a day (column header) to see the day and its notes.':
    'Elija un empleado (nombre) y un día (encabezado de columna) para ver el día y sus notas.',
  // Issue 15: where a day's hours come from.
  'Typed by {{name}}: a person’s entry wins over the time clock ({{h}} h clocked).':
    'Escrito por {{name}}: lo que escribe una persona prevalece sobre el reloj ({{h}} h marcadas).',
  'Salaried: the default {{h}} h of a working day.': 'Asalariado: las {{h}} h de un día laborable.',
  'Clocked in: {{o}} h so far on an open punch, paid once they punch out (closed punches: {{h}} h).':
    'Fichado: {{o}} h hasta ahora en una marca abierta, se pagan al marcar la salida (marcas cerradas: {{h}} h).',
  'From the time clock: {{h}} h of closed punches.': 'Del reloj: {{h}} h de marcas cerradas.',
  'Where the hours come from': 'De dónde vienen las horas',
  'time clock': 'reloj',
  'clocked in now': 'fichado ahora',
  'salaried default': 'asalariado',
  'typed by a person': 'escrito por una persona',
};
