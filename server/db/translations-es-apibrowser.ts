/**
 * The Spanish of /apibrowser (src/areas/platform/apibrowser), spread into spanishTranslations
 * (./translations-es.ts). A key lives in one map only: API Browser, Loading…, Result and yes are the
 * shell's or another area's already. Field names, types and flags stay as the API spells them.
 */
export const spanishApiBrowserTexts: Record<string, string> = {
  '{{calls}} calls in {{areas}} areas, generated from the call declarations (OpenAPI {{version}}).':
    '{{calls}} llamadas en {{areas}} áreas, generadas a partir de las declaraciones de las llamadas (OpenAPI {{version}}).',
  'Download openapi.json': 'Descargar openapi.json',
  Calls: 'Llamadas',
  'Search path, summary or flag': 'Buscar ruta, resumen o permiso',
  'No call matches.': 'Ninguna llamada coincide.',
  'Choose a call on the left to see its payload, result and who may call it.':
    'Elija una llamada a la izquierda para ver sus datos, su resultado y quién puede usarla.',
  'Anyone, without a login': 'Cualquiera, sin iniciar sesión',
  'Any logged-in user': 'Cualquier usuario con sesión iniciada',
  'Every one of these flags:': 'Todos estos permisos:',
  'At least one of these flags:': 'Al menos uno de estos permisos:',
  'Who may call': 'Quién puede usarla',
  Payload: 'Datos enviados',
  'The bytes of a file; a failure answers JSON with a message.':
    'Los bytes de un archivo; un fallo responde JSON con un mensaje.',
  'No fields.': 'Sin campos.',
  Field: 'Campo',
  Type: 'Tipo',
  Required: 'Obligatorio',
  Rules: 'Reglas',
  no: 'no',
  'Try it': 'Probarla',
  'A file call is tried from the screen that downloads or uploads the file.':
    'Una llamada de archivo se prueba desde la pantalla que descarga o sube el archivo.',
  'The payload is not valid JSON.': 'Los datos no son JSON válido.',
  'The payload must be a JSON object.': 'Los datos deben ser un objeto JSON.',
  'Sent with your own session, as {{method}} /api/{{path}}. A POST really changes data.':
    'Se envía con su propia sesión, como {{method}} /api/{{path}}. Un POST cambia datos de verdad.',
  'Payload (JSON)': 'Datos (JSON)',
  'Sending…': 'Enviando…',
  Send: 'Enviar',
  Envelope: 'Sobre de respuesta',
};
