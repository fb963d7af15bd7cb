import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

describe('redactUrl', () => {
  it('hides the session token, the hub access token and the connection token', () => {
    expect(redactUrl('/api/web/GetPlants?TransmissionInfoJSON=%7B%7D&Token=abc123&Interface=pm')).toBe(
      '/api/web/GetPlants?TransmissionInfoJSON=%7B%7D&Token=[redacted]&Interface=pm',
    );
    expect(redactUrl('/hub?id=secret-conn&access_token=tok')).toBe(
      '/hub?id=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/api/files/Download?FileID=1')).toBe('/api/files/Download?FileID=1');
  });
});
