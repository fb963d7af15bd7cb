import { describe, expect, it } from 'vitest';
import { documentTopicTypes } from './document-topics';
import { documentTypes } from './documents';

describe('the kit document types the topic rules know', () => {
  it('are exactly the declared types, with their plant scoping and read access', () => {
    expect(documentTopicTypes).toEqual(
      documentTypes.map((d) => ({
        type: d.type,
        nounPlural: d.nounPlural,
        plantScoped: Boolean(d.plantField),
        read: d.access.read,
      })),
    );
  });
});
