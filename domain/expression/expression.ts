import jsep from 'jsep';

/**
 * Safe formulas for the costing engines and the rate algorithms (issue 5: "formulas are evaluated by a
 * safe expression library, never eval"). jsep parses the text into a syntax tree; this module walks
 * the tree itself and allows only numbers, strings, booleans, named inputs, arithmetic, comparisons,
 * logic, the conditional `a ? b : c` and a short list of functions. Member access, `this`, arrays,
 * assignments and any other node are refused, so a formula can never reach a JavaScript object.
 *
 * Every failure is an {@link ExpressionError} with a kind and a sentence a planner understands: a
 * syntax error, an input the formula needs but the operation does not have, a division by zero, a
 * value of the wrong type, an unknown function.
 */

// `^` is the power operator for people who write formulas (jsep's default is bitwise xor).
jsep.removeBinaryOp('^');
jsep.addBinaryOp('^', 11, true);
for (const op of ['|', '&', '<<', '>>', '>>>']) jsep.removeBinaryOp(op);

export type ExpressionValue = number | string | boolean;
export type ExpressionInputs = Readonly<Record<string, ExpressionValue | null | undefined>>;

export type ExpressionErrorKind = 'syntax' | 'missing' | 'divide' | 'type' | 'function' | 'result';

export class ExpressionError extends Error {
  constructor(
    readonly kind: ExpressionErrorKind,
    message: string,
    /** The input a `missing` error names. */
    readonly input?: string,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

type Fn = (args: ExpressionValue[]) => ExpressionValue;

const num = (name: string, v: ExpressionValue): number => {
  if (typeof v !== 'number') throw new ExpressionError('type', `${name} needs a number, not ${show(v)}`);
  return v;
};

/** The functions a formula may call. */
const functions: Readonly<Record<string, { arity: [number, number]; fn: Fn }>> = {
  min: { arity: [1, 20], fn: (a) => Math.min(...a.map((v) => num('min', v))) },
  max: { arity: [1, 20], fn: (a) => Math.max(...a.map((v) => num('max', v))) },
  abs: { arity: [1, 1], fn: ([v]) => Math.abs(num('abs', v as ExpressionValue)) },
  ceil: { arity: [1, 1], fn: ([v]) => Math.ceil(num('ceil', v as ExpressionValue)) },
  floor: { arity: [1, 1], fn: ([v]) => Math.floor(num('floor', v as ExpressionValue)) },
  sqrt: {
    arity: [1, 1],
    fn: ([v]) => {
      const n = num('sqrt', v as ExpressionValue);
      if (n < 0) throw new ExpressionError('result', `sqrt of a negative number (${n})`);
      return Math.sqrt(n);
    },
  },
  round: {
    arity: [1, 2],
    fn: ([v, d]) => {
      const places = d === undefined ? 0 : num('round', d);
      return roundTo(num('round', v as ExpressionValue), places);
    },
  },
  if: { arity: [3, 3], fn: ([c, a, b]) => (truthy(c as ExpressionValue) ? a : b) as ExpressionValue },
};

export const expressionFunctions = Object.keys(functions);

function show(v: ExpressionValue): string {
  return typeof v === 'string' ? `the text "${v}"` : String(v);
}

function truthy(v: ExpressionValue): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return v.length > 0;
}

/** Half away from zero at `places` decimals, without binary-float surprises (1.005 -> 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${places}`);
  return sign * Number(`${Math.round(shifted)}e${-places}`);
}

export interface CompiledExpression {
  source: string;
  /** The inputs the formula names, in order of first use. */
  inputs: readonly string[];
  evaluate(inputs: ExpressionInputs): ExpressionValue;
}

/** Parses once; throws an ExpressionError (`syntax`, `function`) for text that is not a formula we allow. */
export function compileExpression(source: string): CompiledExpression {
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    throw new ExpressionError(
      'syntax',
      `The formula "${source}" cannot be read: ${(error as Error).message}`,
    );
  }
  if (!source.trim()) throw new ExpressionError('syntax', 'The formula is empty');
  const inputs: string[] = [];
  check(tree, source, inputs);
  return { source, inputs, evaluate: (values) => finish(walk(tree, values), source) };
}

/** Parses and evaluates in one go. */
export function evaluateExpression(source: string, inputs: ExpressionInputs): ExpressionValue {
  return compileExpression(source).evaluate(inputs);
}

/** Evaluates to a number or throws a `type` ExpressionError. */
export function evaluateNumber(source: string | CompiledExpression, inputs: ExpressionInputs): number {
  const compiled = typeof source === 'string' ? compileExpression(source) : source;
  const value = compiled.evaluate(inputs);
  if (typeof value !== 'number') {
    throw new ExpressionError('type', `The formula "${compiled.source}" gives ${show(value)}, not a number`);
  }
  return value;
}

function finish(value: ExpressionValue, source: string): ExpressionValue {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new ExpressionError('result', `The formula "${source}" does not give a finite number`);
  }
  return value;
}

const allowedBinary = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '**',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
]);

/** Static check: every node is one we evaluate; collects input names. */
function check(node: jsep.Expression, source: string, inputs: string[]): void {
  switch (node.type) {
    case 'Literal': {
      const v = (node as jsep.Literal).value;
      if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') {
        throw new ExpressionError('syntax', `"${(node as jsep.Literal).raw}" is not allowed in a formula`);
      }
      return;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (!inputs.includes(name)) inputs.push(name);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!['-', '+', '!'].includes(u.operator)) {
        throw new ExpressionError('syntax', `The operator ${u.operator} is not allowed in a formula`);
      }
      check(u.argument, source, inputs);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!allowedBinary.has(b.operator)) {
        throw new ExpressionError('syntax', `The operator ${b.operator} is not allowed in a formula`);
      }
      check(b.left, source, inputs);
      check(b.right, source, inputs);
      return;
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      check(c.test, source, inputs);
      check(c.consequent, source, inputs);
      check(c.alternate, source, inputs);
      return;
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      if (c.callee.type !== 'Identifier') {
        throw new ExpressionError('syntax', 'Only the listed functions can be called in a formula');
      }
      const name = (c.callee as jsep.Identifier).name;
      const f = Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (!f) {
        throw new ExpressionError(
          'function',
          `There is no function ${name} (use one of ${expressionFunctions.join(', ')})`,
        );
      }
      const [lo, hi] = f.arity;
      if (c.arguments.length < lo || c.arguments.length > hi) {
        throw new ExpressionError(
          'function',
          `${name} takes ${lo === hi ? lo : `${lo} to ${hi}`} value${hi === 1 ? '' : 's'}, not ${c.arguments.length}`,
        );
      }
      for (const a of c.arguments) check(a, source, inputs);
      return;
    }
    default:
      throw new ExpressionError(
        'syntax',
        `The formula "${source}" uses something a formula may not (${node.type})`,
      );
  }
}

function walk(node: jsep.Expression, inputs: ExpressionInputs): ExpressionValue {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as ExpressionValue;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const v = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
      if (v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v))) {
        throw new ExpressionError('missing', `The input ${name} has no value`, name);
      }
      return v;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = walk(u.argument, inputs);
      if (u.operator === '!') return !truthy(v);
      const n = num(u.operator, v);
      return u.operator === '-' ? -n : n;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return truthy(walk(b.left, inputs)) && truthy(walk(b.right, inputs));
      if (b.operator === '||') return truthy(walk(b.left, inputs)) || truthy(walk(b.right, inputs));
      return binary(b.operator, walk(b.left, inputs), walk(b.right, inputs));
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return truthy(walk(c.test, inputs)) ? walk(c.consequent, inputs) : walk(c.alternate, inputs);
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      const name = (c.callee as jsep.Identifier).name;
      const f = functions[name] as (typeof functions)[string];
      // `if` evaluates only the branch it takes, so `if(Holes > 0, Time / Holes, 0)` is safe.
      if (name === 'if') {
        const [test, a, b] = c.arguments as [jsep.Expression, jsep.Expression, jsep.Expression];
        return truthy(walk(test, inputs)) ? walk(a, inputs) : walk(b, inputs);
      }
      return f.fn(c.arguments.map((a) => walk(a, inputs)));
    }
    default:
      throw new ExpressionError('syntax', `Cannot evaluate ${node.type}`);
  }
}

function binary(op: string, l: ExpressionValue, r: ExpressionValue): ExpressionValue {
  switch (op) {
    case '==':
      return l === r;
    case '!=':
      return l !== r;
    case '+':
      if (typeof l === 'string' || typeof r === 'string') return `${l}${r}`;
      return num('+', l) + num('+', r);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (typeof l !== typeof r || typeof l === 'boolean') {
        throw new ExpressionError('type', `Cannot compare ${show(l)} with ${show(r)}`);
      }
      if (op === '<') return l < r;
      if (op === '<=') return l <= r;
      if (op === '>') return l > r;
      return l >= r;
    }
    default: {
      const a = num(op, l);
      const b = num(op, r);
      if ((op === '/' || op === '%') && b === 0) {
        throw new ExpressionError('divide', `Division by zero (${a} ${op} 0)`);
      }
      if (op === '-') return a - b;
      if (op === '*') return a * b;
      if (op === '/') return a / b;
      if (op === '%') return a % b;
      return a ** b;
    }
  }
}
