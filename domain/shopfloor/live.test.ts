import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import { facesTopic, resourceTopic } from './live';

describe('shop-floor topics', () => {
  it('faces:{PlantID} and resource:{ResourceID} are public (TV boards have no login)', () => {
    expect(authorizeTopic(null, facesTopic(1))).toBeNull();
    expect(authorizeTopic(null, resourceTopic('LV-CUT01'))).toBeNull();
  });
  it('a private topic still needs a login; malformed names match no rule', () => {
    expect(authorizeTopic(null, 'schedule:1')).toBe('Log in to follow schedule:1.');
    expect(authorizeTopic(null, 'faces:abc')).toBe('There is no topic named faces:abc.');
    expect(authorizeTopic(null, 'resource:LV CUT01')).toBe('There is no topic named resource:LV CUT01.');
  });
});
