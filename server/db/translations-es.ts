import { spanishAlgorithmTexts } from './translations-es-algorithms';
import { spanishApiBrowserTexts } from './translations-es-apibrowser';
import { spanishBoardTexts } from './translations-es-boards';
import { spanishChecksTexts } from './translations-es-checks';
import { spanishConfigTexts } from './translations-es-config';
import { spanishCostingTexts } from './translations-es-costing';
import { spanishEmployeesTexts } from './translations-es-employees';
import { spanishHardwareTexts } from './translations-es-hardware';
import { spanishIntroTexts } from './translations-es-intro';
import { spanishKitTexts } from './translations-es-kit';
import { spanishListTexts } from './translations-es-list';
import { spanishMaintenanceTexts } from './translations-es-maintenance';
import { spanishPayrollTexts } from './translations-es-payroll';
import { spanishPlanTexts } from './translations-es-plan';
import { spanishProductionTexts } from './translations-es-production';
import { spanishRateImportTexts } from './translations-es-rates';
import { spanishRecordTexts } from './translations-es-record';
import { spanishSchedulingTexts } from './translations-es-scheduling';
import { spanishScreenTexts } from './translations-es-screens';
import { spanishSearchTexts } from './translations-es-search';
import { spanishShopfloorTexts } from './translations-es-shopfloor';
import { spanishTimeclockTexts } from './translations-es-timeclock';
import { spanishTvTexts } from './translations-es-tv';

/** The shell's and the platform screens' own texts; the other maps hold the rest (see spanishTextMaps). */
const shellTexts: Record<string, string> = {
  // Session and shell (spec 000 §2.3, §4).
  'Log in': 'Iniciar sesión',
  'Log out': 'Cerrar sesión',
  // The way back from the shop-floor app to an office interface (issue 15).
  'Back to the office': 'Volver a la oficina',
  'Leave the shop-floor app for your {{interface}} menus':
    'Salir de la app de planta a sus menús de {{interface}}',
  'Logging in…': 'Iniciando sesión…',
  'User name': 'Usuario',
  Password: 'Contraseña',
  Welcome: 'Bienvenido',
  'Welcome, {{name}}': 'Bienvenido, {{name}}',
  'Planning, scheduling, shop floor and field installation for every plant, live.':
    'Planificación, programación, planta e instalación en campo para todas las plantas, en vivo.',
  'The user name or password is not correct.': 'El usuario o la contraseña no son correctos.',
  'This account is disabled. Ask an administrator to enable it.':
    'Esta cuenta está desactivada. Pida a un administrador que la active.',
  'Your session has expired. Please log in again': 'Su sesión ha expirado. Inicie sesión de nuevo',
  'This session belongs to another user': 'Esta sesión pertenece a otro usuario',
  Start: 'Inicio',
  Main: 'Principal',
  Connections: 'Conexiones',
  Translations: 'Traducciones',
  Live: 'En vivo',
  'Connecting…': 'Conectando…',
  'Reconnecting…': 'Reconectando…',
  Offline: 'Sin conexión',
  'Connected: changes made elsewhere show here at once.':
    'Conectado: los cambios hechos en otro lugar se muestran aquí al instante.',
  'Connecting to live updates.': 'Conectando a las actualizaciones en vivo.',
  'Live updates paused; reconnecting. Your edits are kept.':
    'Actualizaciones en vivo en pausa; reconectando. Sus cambios se conservan.',
  'No live updates; retrying. Your edits are kept and sent once back.':
    'Sin actualizaciones en vivo; reintentando. Sus cambios se conservan y se envían al volver la conexión.',
  'Saving ({{n}})': 'Guardando ({{n}})',
  'Failed saves': 'Guardados fallidos',
  'Failed saves ({{n}})': 'Guardados fallidos ({{n}})',
  'These changes were refused or could not be sent. Nothing is lost until you discard it.':
    'Estos cambios fueron rechazados o no se pudieron enviar. No se pierde nada hasta que los descarte.',
  Retry: 'Reintentar',
  Discard: 'Descartar',
  'This screen is saving. It will continue once complete.':
    'Esta pantalla está guardando. Continuará cuando termine.',

  // Alerts (spec 000 §2.4, §8) and the request layer's messages.
  Information: 'Información',
  Done: 'Listo',
  Error: 'Error',
  Warning: 'Advertencia',
  OK: 'Aceptar',
  Yes: 'Sí',
  No: 'No',
  Close: 'Cerrar',
  'Cannot reach the server. Check the connection and try again.':
    'No se puede conectar con el servidor. Revise la conexión e inténtelo de nuevo.',
  'Unable to parse error response': 'No se pudo leer la respuesta de error',
  'out of order response': 'respuesta fuera de orden',
  'Something went wrong on the server. Nothing was saved.':
    'Algo salió mal en el servidor. No se guardó nada.',
  'This browser would not let the app store data. Unsaved changes will be lost if you close this tab.':
    'Este navegador no permite que la aplicación guarde datos. Los cambios sin guardar se perderán si cierra esta pestaña.',

  // Intro (/intro).
  Plant: 'Planta',
  'Plant {{plantId}}': 'Planta {{plantId}}',
  Interface: 'Interfaz',
  'Employee ID': 'Número de empleado',
  'Your settings': 'Su configuración',
  Language: 'Idioma',
  'Show help tips': 'Mostrar consejos de ayuda',
  'Changes save in the background; the status in the top bar shows what is still saving.':
    'Los cambios se guardan en segundo plano; el estado en la barra superior muestra lo que aún se está guardando.',
  // Interface names (domain/platform/interfaces.ts interfaceLabels).
  'Project management': 'Gestión de proyectos',
  Manufacturing: 'Manufactura',
  Purchasing: 'Compras',
  Finance: 'Finanzas',
  Sales: 'Ventas',
  Estimating: 'Estimación',
  Configurator: 'Configurador',
  'Field installation services': 'Servicios de instalación en campo',
  'Customer service': 'Servicio al cliente',
  'Shop-floor app': 'Aplicación de planta',
  TV: 'TV',
  'Vendor portal': 'Portal de proveedores',
  'Installer portal': 'Portal de instaladores',
  Web: 'Web',

  // Live connections (/connections).
  'Live connections': 'Conexiones en vivo',
  'You do not have permission to see the live connections.':
    'No tiene permiso para ver las conexiones en vivo.',
  'Loading…': 'Cargando…',
  '{{n}} connected': '{{n}} conectados',
  'updating live': 'actualizando en vivo',
  reconnecting: 'reconectando',
  User: 'Usuario',
  Transport: 'Transporte',
  'Connected since': 'Conectado desde',
  Server: 'Servidor',
  'TV screen (not logged in)': 'Pantalla de TV (sin sesión)',

  // Not built yet (every address of the route table without its screen).
  'Not built yet': 'Aún no disponible',
  'The screen at {{path}} is not part of this version yet.':
    'La pantalla {{path}} todavía no forma parte de esta versión.',
  'Back to the start page': 'Volver a la página de inicio',

  // Translations (/translations).
  'You do not have permission to maintain translations.': 'No tiene permiso para mantener las traducciones.',
  '{{n}} missing': '{{n}} faltantes',
  '{{n}} not saved': '{{n}} sin guardar',
  Search: 'Buscar',
  'Missing only': 'Solo faltantes',
  English: 'Inglés',
  Translation: 'Traducción',
  'Translation of {{english}}': 'Traducción de {{english}}',
  Missing: 'Falta',
  Save: 'Guardar',
  'Saving…': 'Guardando…',
  Saved: 'Guardado',
  Undo: 'Deshacer',
  'Delete…': 'Eliminar…',
  Delete: 'Eliminar',
  Keep: 'Conservar',
  'Type the translation before saving.': 'Escriba la traducción antes de guardar.',
  'No translations match.': 'Ninguna traducción coincide.',
  '{{from}}–{{to}} of {{total}}': '{{from}}–{{to}} de {{total}}',
  Previous: 'Anterior',
  Next: 'Siguiente',
};

/**
 * Every map of Spanish texts, by the file that holds it. A key lives in one map only
 * (server/db/translations-es-areas.test.ts checks it).
 */
export const spanishTextMaps: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'translations-es.ts': shellTexts,
  // The shell's texts, every screen's title and the words several areas share.
  'translations-es-screens.ts': spanishScreenTexts,
  // The production plan screen.
  'translations-es-plan.ts': spanishPlanTexts,
  // The plan list, machine rates and workcenters.
  'translations-es-production.ts': spanishProductionTexts,
  'translations-es-scheduling.ts': spanishSchedulingTexts,
  // The shop-floor tablet screens (Clocks, My Activity, Downtime).
  'translations-es-shopfloor.ts': spanishShopfloorTexts,
  // The time-clock screens (my time, faces, face history, clock analysis, timecards).
  'translations-es-timeclock.ts': spanishTimeclockTexts,
  'translations-es-costing.ts': spanishCostingTexts,
  'translations-es-algorithms.ts': spanishAlgorithmTexts,
  // The TV frame and /tv/start.
  'translations-es-tv.ts': spanishTvTexts,
  'translations-es-payroll.ts': spanishPayrollTexts,
  // The maintenance and curing TV boards.
  'translations-es-maintenance.ts': spanishMaintenanceTexts,
  // The two-hour quality checks.
  'translations-es-checks.ts': spanishChecksTexts,
  // The painting tablet screens and the painting, scoreboard and KPI TV boards.
  'translations-es-boards.ts': spanishBoardTexts,
  // /apibrowser.
  'translations-es-apibrowser.ts': spanishApiBrowserTexts,
  // /rateimport.
  'translations-es-rates.ts': spanishRateImportTexts,
  // The document kit (src/kit) and its declarations' labels.
  'translations-es-kit.ts': spanishKitTexts,
  'translations-es-config.ts': spanishConfigTexts,
  'translations-es-record.ts': spanishRecordTexts,
  'translations-es-list.ts': spanishListTexts,
  // Intro's work page (issue 15).
  'translations-es-intro.ts': spanishIntroTexts,
  // /employees, /allemployees, /supervisors, /offices, the permission flags and the kit's pickers.
  'translations-es-employees.ts': spanishEmployeesTexts,
  // Global search, /databasecatalog and /caching (issue 16).
  'translations-es-search.ts': spanishSearchTexts,
  // The hardware screens (issue 16): printers, PLCs, thresholds, barcodes.
  'translations-es-hardware.ts': spanishHardwareTexts,
};

/**
 * The Spanish texts the product ships: every English text of the shell and of the screens under
 * src/areas (keys are the English text itself, `{{name}}` placeholders kept as they are), merged from
 * spanishTextMaps; this file's own keys are spread last, so they win. Seeded into every database with the
 * reference data (server/db/seed.ts): a text still missing is filled in, a translation an administrator
 * corrected on /translations is never overwritten.
 *
 * Add a text to its area's map when a screen adds one; `npm test` checks that every text a screen under
 * src/areas passes to `t()` or `<Trans text>` has its Spanish (server/db/translations-es-areas.test.ts).
 */
export const spanishTranslations: Record<string, string> = {
  ...spanishScreenTexts,
  ...spanishPlanTexts,
  ...spanishProductionTexts,
  ...spanishSchedulingTexts,
  ...spanishShopfloorTexts,
  ...spanishTimeclockTexts,
  ...spanishCostingTexts,
  ...spanishAlgorithmTexts,
  ...spanishTvTexts,
  ...spanishPayrollTexts,
  ...spanishMaintenanceTexts,
  ...spanishChecksTexts,
  ...spanishBoardTexts,
  ...spanishApiBrowserTexts,
  ...spanishRateImportTexts,
  ...spanishKitTexts,
  ...spanishConfigTexts,
  ...spanishRecordTexts,
  ...spanishListTexts,
  ...spanishIntroTexts,
  ...spanishEmployeesTexts,
  ...spanishSearchTexts,
  ...spanishHardwareTexts,
  ...shellTexts,
};
