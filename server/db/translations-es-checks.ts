/**
 * The Spanish of the two-hour quality check screens (src/areas/shopfloor/checks: the queue and one
 * check), spread into spanishTranslations (./translations-es.ts). A key lives in one map only: texts
 * these screens share with others ("Machine", "Job", "Due {{time}}", "Loading…") are in their maps.
 * A check is "control", pass / fail "conforme" / "no conforme".
 */
export const spanishChecksTexts: Record<string, string> = {
  'Two-hour checks': 'Controles cada dos horas',
  'Two-hour check': 'Control de dos horas',
  'No check is due.': 'No hay controles pendientes.',
  'Job {{job}}, operation {{op}}': 'Orden {{job}}, operación {{op}}',
  'Late: due {{time}}': 'Atrasado: vencía {{time}}',
  'Check due': 'Control previsto',
  'Measurements and notes (required for a fail)': 'Medidas y notas (obligatorias si no es conforme)',
  Pass: 'Conforme',
  Fail: 'No conforme',
  'Back to the queue': 'Volver a la lista',
};
