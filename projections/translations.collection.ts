import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { TranslationDoc } from '../domain/live/docs';

/**
 * `translations`: the TranslationDoc of topic `translations:{language}` (domain/live/docs.ts), keyed by
 * the change item's `id` (the TranslationID). `Text` null: the text has no translation any more.
 */
export type TranslationProjection = TranslationDoc & { id: string };

/** Only the key is required, so a deletion (`{id, _deleted: true}`) validates. */
export const translationsSchema: RxJsonSchema<TranslationProjection> = {
  title: 'translations',
  description: 'Translations of one language (topic translations:{language})',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 32 },
    TranslationID: { type: 'integer' },
    Language: { type: 'string', enum: ['en', 'es'] },
    English: { type: 'string' },
    Text: { type: ['string', 'null'] },
  },
  required: ['id'],
};

export type TranslationsCollection = RxCollection<TranslationProjection>;

/** Collection name, the same as ChangeItem.collection of translation changes. */
export const TRANSLATIONS = 'translations';
