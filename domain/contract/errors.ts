import type { z } from 'zod';

/**
 * Turns a zod error into one sentence a person understands, e.g.
 * "EmployeeID is required; Value for Language must be one of: en, es". Used by the server for every
 * rejected call (brief §4.3) and by the client before it queues a post.
 */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    if (issue.code === 'custom') return issue.message;
    const where = issue.path.length ? issue.path.map(String).join('.') : 'The request';
    // zod 4 leaves the input out of an issue unless asked, so "missing" is read from its message.
    if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
      return `${where} is required`;
    }
    if (issue.code === 'invalid_type') {
      return `${where} must be ${article(issue.expected)}`;
    }
    if (issue.code === 'invalid_value') {
      return `${where} must be one of: ${issue.values.map(String).join(', ')}`;
    }
    if (issue.code === 'unrecognized_keys') {
      return `${where} has fields this call does not take: ${issue.keys.join(', ')}`;
    }
    return `${where}: ${issue.message}`;
  });
  return [...new Set(parts)].join('; ');
}

function article(expected: string): string {
  const words: Record<string, string> = {
    number: 'a number',
    int: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    date: 'a date',
  };
  return words[expected] ?? expected;
}
