/**
 * The Spanish of the TV frame and /tv/start (src/areas/tv), spread into spanishTranslations
 * (./translations-es.ts). A key lives in one map only: Plant, Resource, Live and Reconnecting… are the
 * shell's or another area's already.
 */
export const spanishTvTexts: Record<string, string> = {
  // The frame's indicator (TvBoard).
  'Data as of {{time}} (stale)': 'Datos de las {{time}} (desactualizados)',
  'No live data (stale)': 'Sin datos en vivo (desactualizados)',

  // /tv/start.
  'Choose the board for this TV': 'Elija el tablero de esta TV',
  Board: 'Tablero',
  Bay: 'Nave',
  Location: 'Ubicación',
  'Choose a plant': 'Elija una planta',
  'Choose a plant from the list.': 'Elija una planta de la lista.',
  'A bay is a number from 1 to 999.': 'Una nave es un número del 1 al 999.',
  'A resource is 1 to 20 letters, digits, - or _.': 'Un recurso tiene de 1 a 20 letras, dígitos, - o _.',
  'A location is 1 to 20 letters, digits, - or _.': 'Una ubicación tiene de 1 a 20 letras, dígitos, - o _.',
  'Show this board': 'Mostrar este tablero',
  'This TV opens {{board}} at {{path}}.': 'Esta TV abre {{board}} en {{path}}.',
  'Open it': 'Abrirlo',
  'Forget it': 'Olvidarlo',
  'No board remembered yet: the first one opened will be.':
    'Aún no hay tablero recordado: se recordará el primero que se abra.',

  // The frame's self-check.
  'Frame self-check': 'Autocomprobación del marco',
  'Live data from the public topic {{topic}}, with no login: the translations changed on it.':
    'Datos en vivo del tema público {{topic}}, sin iniciar sesión: las traducciones cambiadas en él.',
  'Texts on the topic': 'Textos en el tema',
  'Last change': 'Último cambio',
  '(no translation)': '(sin traducción)',
  'None since this page opened': 'Ninguno desde que se abrió esta página',

  // /tv/faceboard.
  'No machine': 'Sin máquina',
  'Op {{n}}': 'Op {{n}}',
  Counts: 'Totales',
  'Clocked in': 'Con entrada',
  'On a machine': 'En una máquina',
  Indirect: 'Indirecto',
  'Nobody is clocked in.': 'Nadie ha marcado entrada.',
  'Clocked out today': 'Salieron hoy',
  'Which plant does this TV show?': '¿Qué planta muestra esta TV?',

  // /tv/productionmonitor.
  'No job running': 'Ningún trabajo en curso',
  'Operation progress': 'Avance de la operación',
  '{{done}} of {{total}} pieces this run': '{{done}} de {{total}} piezas en esta corrida',
  DOWN: 'PARADA',
  'since {{time}} ({{minutes}})': 'desde las {{time}} ({{minutes}})',
  Target: 'Meta',
  Actual: 'Real',
  Difference: 'Diferencia',
  'Pieces per hour': 'Piezas por hora',
  'Target per hour': 'Meta por hora',
  'Downtime today': 'Paro hoy',
  '{{n}} min': '{{n}} min',
  Operators: 'Operadores',
  'Nobody is on this machine.': 'Nadie está en esta máquina.',

  // The TV remote: the code on every board and /manufacturing/tvremote.
  'The code the TV remote asks for': 'El código que pide el control remoto de TV',
  'TV {{code}}': 'TV {{code}}',
  'Type the 6-digit code shown on the TV.': 'Escriba el código de 6 dígitos que muestra la TV.',
  'TV {{code}} now shows {{board}}.': 'La TV {{code}} ahora muestra {{board}}.',
  'TV code': 'Código de la TV',
  'The code is in the top corner of the TV, under the clock.':
    'El código está en la esquina superior de la TV, bajo el reloj.',
  'Recent TVs': 'TV recientes',
  'Show on the TV': 'Mostrar en la TV',
};
