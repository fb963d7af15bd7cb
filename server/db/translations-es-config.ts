/**
 * The Spanish of the config group (/config/loginpagemessage, /config/tvalerts), the news editor and
 * Intro's news (issue 16): the declarations' nouns, labels and choices, and the screens' own texts.
 */
export const spanishConfigTexts: Record<string, string> = {
  'login message': 'mensaje de inicio de sesión',
  'login messages': 'mensajes de inicio de sesión',
  'TV alert': 'alerta de TV',
  'TV alerts': 'alertas de TV',
  'news item': 'noticia',
  'news items': 'noticias',
  Severity: 'Gravedad',
  info: 'información',
  warning: 'advertencia',
  critical: 'crítica',
  'Shows from': 'Se muestra desde',
  'Shows until': 'Se muestra hasta',
  Title: 'Título',
  Body: 'Texto',
  'Plant (empty: all plants)': 'Planta (vacía: todas las plantas)',
  'Publish from': 'Publicar desde',
  'Publish until': 'Publicar hasta',
  Pinned: 'Fijada',
  News: 'Noticias',
  'Messages show on the login page between their start and end (either may be left open), most severe first. The login page reads them each time it opens and when its window comes back into focus.':
    'Los mensajes se muestran en la página de inicio de sesión entre su inicio y su fin (cualquiera puede quedar abierto), los más graves primero. La página los lee cada vez que se abre y cuando su ventana vuelve a tener el foco.',
  'An alert shows at once across the top of every TV board of its plant, from its start until its end; delete it to clear it from the boards.':
    'Una alerta aparece de inmediato en la parte superior de todos los tableros de TV de su planta, desde su inicio hasta su fin; elimínela para quitarla de los tableros.',
  'Published news shows on Intro for its plant (or every plant when none is chosen), pinned items first, while its publish window is open.':
    'Las noticias publicadas aparecen en Intro para su planta (o para todas si no se elige ninguna), las fijadas primero, mientras su periodo de publicación esté abierto.',
  'Shortcut history (days)': 'Historial de accesos directos (días)',
  "How many days of a person's page views Intro counts to suggest their shortcuts.":
    'Cuántos días de pantallas abiertas por una persona cuenta Intro para sugerir sus accesos directos.',
  'Shortcuts on Intro': 'Accesos directos en Intro',
  'How many shortcuts Intro shows at most.': 'Cuántos accesos directos muestra Intro como máximo.',
  'Values the product uses everywhere. Each change is checked, saved at once and kept in its history.':
    'Valores que el producto usa en todas partes. Cada cambio se comprueba, se guarda al instante y queda en su historial.',
  'Default: {{value}}.': 'Predeterminado: {{value}}.',
  'Changed by {{name}} on {{at}}.': 'Cambiado por {{name}} el {{at}}.',
  'Never changed: the default applies.': 'Nunca cambiado: se aplica el predeterminado.',
  '{{at}}: {{name}} changed it from {{old}} to {{new}}': '{{at}}: {{name}} lo cambió de {{old}} a {{new}}',
  'inventory alert': 'alerta de inventario',
  'inventory alerts': 'alertas de inventario',
  'Part or material': 'Pieza o material',
  'Minimum on hand': 'Mínimo en existencia',
  'Tell (e-mail addresses)': 'Avisar a (correos electrónicos)',
  'Inventory is not tracked in the product yet: these rules are kept now, and alerts fire once inventory is tracked, when the stock of the part or material in the plant falls below its minimum.':
    'El inventario aún no se controla en el producto: estas reglas se guardan ahora y las alertas se enviarán cuando se controle el inventario, si la existencia de la pieza o material en la planta baja de su mínimo.',
};
