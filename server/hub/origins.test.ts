import { describe, expect, it } from 'vitest';
import { isCrossOrigin, originPolicy } from './origins';

describe('originPolicy', () => {
  const allowed = originPolicy(['https://tv.example.com/', ' HTTPS://Ops.Example.com ', 'not an origin']);

  it('allows no Origin (not a browser) and the request’s own host', () => {
    expect(allowed(undefined, 'app.example.com')).toBe(true);
    expect(allowed('https://app.example.com', 'app.example.com')).toBe(true);
    expect(allowed('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
    expect(allowed('https://app.example.com', 'app.example.com:443')).toBe(true);
  });

  it('allows configured origins, normalised, and nothing else', () => {
    expect(allowed('https://tv.example.com', 'app.example.com')).toBe(true);
    expect(allowed('https://ops.example.com', 'app.example.com')).toBe(true);
    expect(allowed('http://tv.example.com', 'app.example.com')).toBe(false);
    expect(allowed('https://tv.example.com.evil.example', 'app.example.com')).toBe(false);
    expect(allowed('https://evil.example', 'app.example.com')).toBe(false);
    expect(allowed('null', 'app.example.com')).toBe(false);
    expect(allowed('https://app.example.com', undefined)).toBe(false);
  });

  it('tells which requests need CORS headers', () => {
    expect(isCrossOrigin(undefined, 'a.example')).toBe(false);
    expect(isCrossOrigin('https://a.example', 'a.example')).toBe(false);
    expect(isCrossOrigin('https://tv.example.com', 'a.example')).toBe(true);
  });
});
