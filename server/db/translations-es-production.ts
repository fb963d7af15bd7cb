/**
 * The Spanish of the production-plan screens other than the plan itself (src/areas/production-plan: the
 * plan list, machine rates and workcenters; the plan screen is ./translations-es-plan.ts, and pm's texts are
 * all in ./translations-es-screens.ts), spread into spanishTranslations (./translations-es.ts). A key lives
 * in one map only: a text these screens share with another area is in ./translations-es-screens.ts. A rate is
 * a "tasa" and a workcenter a "centro de trabajo", as on the plan screen.
 */
export const spanishProductionTexts: Record<string, string> = {
  // Production plans.
  Ops: 'Ops.',
  'Estimate (min)': 'Estimado (min)',
  Review: 'Revisión',
  Hold: 'Retención',
  '{{n}} plans': '{{n}} planes',
  'Search job, part, description, customer': 'Buscar orden, pieza, descripción, cliente',
  'No production plan matches.': 'Ningún plan de producción coincide.',
  All: 'Todos',
  'Not ready': 'No listo',
  Reviewed: 'Revisado',
  'On hold': 'Retenido',

  // Machine rates, with the machines' processes (their Process, from the data).
  'Delete the rate {{name}} of {{machine}}?': '¿Eliminar la tasa {{name}} de {{machine}}?',
  'Rates of {{machine}}': 'Tasas de {{machine}}',
  'Rate description': 'Descripción de la tasa',
  'Official rate {{name}}': 'Tasa oficial {{name}}',
  'This machine has no rates.': 'Esta máquina no tiene tasas.',
  'New rate description': 'Descripción de la nueva tasa',
  'Add rate': 'Agregar tasa',
  '(none)': '(ninguno)',
  'Default workers of {{machine}}': 'Trabajadores predeterminados de {{machine}}',
  'Engine of {{machine}}': 'Motor de {{machine}}',
  'Algorithm of {{machine}}': 'Algoritmo de {{machine}}',
  'Workcenter of {{machine}}': 'Centro de trabajo de {{machine}}',
  'No official rate': 'Sin tasa oficial',
  'Official rate': 'Tasa oficial',
  Rates: 'Tasas',
  'This plant has no machines.': 'Esta planta no tiene máquinas.',
  'Min / piece': 'Min / pza',
  'Min / bundle': 'Min / paquete',
  'Feet / min': 'Pies / min',
  'Setup min': 'Min de preparación',
  'Scheduling min / piece': 'Min / pza para programación',
  '{{n}} min/pc': '{{n}} min/pza',
  '{{n}} min/bundle': '{{n}} min/paquete',
  '{{n}} ft/min': '{{n}} pies/min',
  Slitting: 'Corte longitudinal',
  'Roll forming': 'Perfilado',
  Punching: 'Punzonado',
  Cutting: 'Corte',
  Welding: 'Soldadura',
  Assembly: 'Ensamble',

  // Workcenters.
  'Name of workcenter {{name}}': 'Nombre del centro de trabajo {{name}}',
  'Colour of workcenter {{name}}': 'Color del centro de trabajo {{name}}',
  'Description of workcenter {{name}}': 'Descripción del centro de trabajo {{name}}',
  'Workcenter {{name}} active': 'Centro de trabajo {{name}} activo',
  'No machines': 'Sin máquinas',
  'New workcenter name': 'Nombre del nuevo centro de trabajo',
  'Add workcenter': 'Agregar centro de trabajo',
  'This plant already has a workcenter of that name.':
    'Esta planta ya tiene un centro de trabajo con ese nombre.',
  'This plant has no workcenters.': 'Esta planta no tiene centros de trabajo.',

  // The plan screen's alert after the engine runs (server: ENGINE_SUCCESS_MESSAGE, shown by AlertHost's t()).
  'Rate successfully calculated': 'Tasa calculada correctamente',
};
