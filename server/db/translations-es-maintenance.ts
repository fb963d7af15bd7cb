/**
 * The Spanish of the maintenance and curing TV boards (src/areas/tv/maintenance, src/areas/tv/curing;
 * issue 7 part 3), spread into spanishTranslations (./translations-es.ts). A key lives in one map only:
 * Open, Late, Status, Priority, Description, This week, All plants and the weekday names are another
 * map's already.
 */
export const spanishMaintenanceTexts: Record<string, string> = {
  // Work-order monitor.
  'No open work orders.': 'No hay órdenes de trabajo abiertas.',
  WO: 'OT',
  Asset: 'Equipo',
  Technician: 'Técnico',
  Age: 'Antigüedad',
  'Overdue since {{time}}': 'Vencida desde {{time}}',
  'Due {{time}}': 'Vence {{time}}',
  Unassigned: 'Sin asignar',
  'And {{count}} more': 'Y {{count}} más',
  'In progress': 'En proceso',
  'Waiting parts': 'Esperando refacciones',
  'Done today': 'Terminadas hoy',
  Urgent: 'Urgente',
  High: 'Alta',
  Normal: 'Normal',
  Low: 'Baja',

  // Fixture requests.
  'Open requests': 'Solicitudes abiertas',
  'No open fixture requests.': 'No hay solicitudes de herramentales abiertas.',
  'Requested by': 'Solicitado por',
  'Job / part': 'Trabajo / parte',
  Fixture: 'Herramental',
  'Needed by': 'Se necesita para',
  'Late by {{age}}': 'Atrasada {{age}}',
  Requested: 'Solicitada',
  Ready: 'Lista',
  Delivered: 'Entregada',
  Cancelled: 'Cancelada',

  // PM calendar.
  'Overdue: {{count}}': 'Vencidas: {{count}}',
  'due {{date}}': 'vence {{date}}',
  'Next week': 'Próxima semana',

  // Curing.
  Empty: 'Vacío',
  'In {{time}} · cure {{minutes}} min': 'Entró {{time}} · curado {{minutes}} min',
  READY: 'LISTO',
  'Ready since {{time}}': 'Listo desde {{time}}',
  'Ready at {{time}}': 'Listo a las {{time}}',
  'No curing location {{id}}.': 'No existe la ubicación de curado {{id}}.',
  'curing of {{slots}} slots': 'curando de {{slots}} posiciones',
  'ready to unload': 'listos para descargar',
};
