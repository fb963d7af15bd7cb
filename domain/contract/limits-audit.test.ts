import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDef } from './call';
import { fieldUpdate } from './field-update';
import { Id, Text } from './fields';
import { auditCalls, missingLimits } from './limits-audit';

/**
 * Issue 14 §1: every call's payload carries the limits the database has, so that no bad value answers
 * 500. Every call declared in domain/** is found by its shape (method, path, payload), so a call
 * written tomorrow is audited without being listed here.
 */
function declaredCalls(): CallDef[] {
  const modules = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], { eager: true });
  const calls = new Map<string, CallDef>();
  for (const module of Object.values(modules)) {
    for (const value of Object.values(module as Record<string, unknown>)) {
      if (value && typeof value === 'object' && 'path' in value && 'payload' in value && 'method' in value) {
        const call = value as CallDef;
        calls.set(`${call.method} ${call.path}`, call);
      }
    }
  }
  return [...calls.values()];
}

/** Deliberate: the change-log sequence is a bigint column, and a client may be past 2^31 changes. */
const allowed = new Set(['GET sync/Pull: Since: whole number beyond int4']);

describe('every call declares its limits (issue 14 §1)', () => {
  it('the audit finds what a bare declaration forgets', () => {
    const bare = z.object({
      ID: z.number().int(),
      Name: z.string(),
      Hours: z.number(),
      Lines: z.array(z.object({ Note: z.string().max(10) })),
      Update: fieldUpdate('a thing', 'ThingID', Id, { Amount: z.number() }),
    });
    expect(missingLimits(bare)).toEqual([
      'ID: whole number beyond int4',
      'Name: text without a length bound',
      'Name: text that may hold NUL',
      'Hours: number without bounds',
      'Lines[].Note: text that may hold NUL',
      'Value for Amount: number without bounds',
    ]);
    expect(missingLimits(z.object({ ID: Id, Name: Text(20) }))).toEqual([]);
  });

  it('no declared call takes an id beyond its column, unbounded text or numbers, or text with NUL', () => {
    const calls = declaredCalls();
    // Sanity: the glob found the areas' calls, not just a handful.
    expect(calls.length).toBeGreaterThan(150);
    expect(auditCalls(calls).filter((finding) => !allowed.has(finding))).toEqual([]);
  });
});
