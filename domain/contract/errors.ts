import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * One issue as a sentence about `subject`, e.g. "EmployeeID is required", "Value for Language must be
 * one of: en, es", "RouteName must be at most 200 characters". Shared by describeZodError and the
 * FieldName/Value whitelist so every refusal reads the same way.
 */
export function issueText(issue: Issue, subject: string): string {
  // The shared field pieces (fields.ts) and formats word their limit as "must …": the field's name goes
  // in front, whatever kind of check refused it.
  const own = issue.message.startsWith('must ');
  if (issue.code === 'custom') return own ? `${subject} ${issue.message}` : issue.message;
  // zod 4 reports the input only when parsing with { reportInput: true } (the server does); without
  // it, a missing value is recognised by zod's own message.
  const missing =
    ('input' in issue && issue.input === undefined) ||
    (issue.code === 'invalid_type' && /received undefined$/.test(issue.message));
  if (missing) return `${subject} is required`;
  if (own) return `${subject} ${issue.message}`;
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
      // An exclusive bound (.positive()) said "must be at least 0" to someone who had sent 0.
      return issue.inclusive === false
        ? `${subject} must be more than ${min}`
        : `${subject} must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${subject} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} must have at most ${max} items`;
      return issue.inclusive === false
        ? `${subject} must be less than ${max}`
        : `${subject} must be at most ${max}`;
    }
    case 'invalid_union': {
      // zod's own text is "Invalid input"; say which kinds of value the field takes instead.
      // A branch of the right type that refused the value for another reason (too long) says why.
      const near = issue.errors.find((branch) => branch[0] && branch[0].code !== 'invalid_type')?.[0];
      if (near && !near.path.length) return issueText(near, subject);
      const kinds = unionKinds(issue);
      return kinds.length
        ? `${subject} must be ${kinds.join(' or ')}`
        : `${subject} is not a value this call takes`;
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
  const parts = looserBoundsDropped(error.issues).map((issue) =>
    issueText(issue, issue.path.length ? subjectOf(issue.path) : 'The request'),
  );
  return [...new Set(parts)].join('; ');
}

/** A field path as the message names it, each part cut so that a huge key is not echoed back. */
function subjectOf(path: readonly PropertyKey[]): string {
  return path.map((p) => clip(String(p))).join('.');
}

/** Cuts text echoed into a message (a field name, a key) to a length a person can read. */
export function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * `z.number().int().max(500)` reports both zod's safe-integer bound and ours for 1e16 ("Take must be at
 * most 9007199254740991; Take must be at most 500"): keep only the tightest bound of each field.
 */
function looserBoundsDropped(issues: readonly Issue[]): Issue[] {
  const key = (i: Issue) => `${i.code}\u0000${i.path.map(String).join('\u0000')}`;
  const tightest = new Map<string, number>();
  for (const i of issues) {
    if (i.code !== 'too_big' && i.code !== 'too_small') continue;
    const bound = Number(i.code === 'too_big' ? i.maximum : i.minimum);
    const seen = tightest.get(key(i));
    if (seen === undefined || (i.code === 'too_big' ? bound < seen : bound > seen))
      tightest.set(key(i), bound);
  }
  return issues.filter(
    (i) =>
      (i.code !== 'too_big' && i.code !== 'too_small') ||
      Number(i.code === 'too_big' ? i.maximum : i.minimum) === tightest.get(key(i)),
  );
}

/** The kinds of value a union takes, from each branch's type refusal: ["a number", "text"]. */
function unionKinds(issue: Issue): string[] {
  if (issue.code !== 'invalid_union') return [];
  const kinds: string[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first?.code !== 'invalid_type' || first.path.length) return [];
    const kind = article(first.expected);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
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
