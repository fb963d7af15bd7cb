import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * One issue as a sentence about `subject`, e.g. "EmployeeID is required", "Value for Language must be
 * one of: en, es", "RouteName must be at most 200 characters". Shared by describeZodError and the
 * FieldName/Value whitelist so every refusal reads the same way.
 */
export function issueText(issue: Issue, subject: string): string {
  if (issue.code === 'custom') return issue.message;
  // zod 4 reports the input only when parsing with { reportInput: true } (the server does); without
  // it, a missing value is recognised by zod's own message.
  const missing =
    ('input' in issue && issue.input === undefined) ||
    (issue.code === 'invalid_type' && /received undefined$/.test(issue.message));
  if (missing) return `${subject} is required`;
  switch (issue.code) {
    case 'invalid_type':
      return `${subject} must be ${article(issue.expected)}`;
    case 'invalid_value':
      return `${subject} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? `${subject} must not be empty` : `${subject} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} must have at least ${min} item${min === 1 ? '' : 's'}`;
      return `${subject} must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${subject} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} must have at most ${max} items`;
      return `${subject} must be at most ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return `${subject} must be an e-mail address`;
      if (issue.format === 'uuid') return `${subject} must be a valid id (a UUID)`;
      return issue.message.startsWith('must ')
        ? `${subject} ${issue.message}`
        : `${subject} is not in the right format`;
    case 'unrecognized_keys':
      return `${subject} has fields this call does not take: ${issue.keys.join(', ')}`;
    default:
      return `${subject}: ${issue.message}`;
  }
}

/**
 * Turns a zod error into one sentence a person understands, e.g.
 * "EmployeeID is required; Value for Language must be one of: en, es". Used by the server for every
 * rejected call (brief §4.3) and by the client before it queues a post.
 */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.map((issue) =>
    issueText(issue, issue.path.length ? issue.path.map(String).join('.') : 'The request'),
  );
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
