import {
  type CompiledExpression,
  compileExpression,
  ExpressionError,
  type ExpressionInputs,
  type ExpressionValue,
  expressionFunctions,
  roundTo,
} from '../expression/expression';
import { type OperationInputs, operationInputNames } from '../production-plan/inputs';

/**
 * The costing engine evaluator (issue 5, item 4): a resource's rule set turns an operation's and its
 * part's attributes into production and setup minutes. Pure: no I/O, the same code on the server (the
 * production plan's costing/RunOperationEngine, costing/TestEngine) and in the editor.
 *
 * Every formula goes through domain/expression (a whitelisting evaluator), never eval.
 */

export type EngineStepKind = 'set' | 'stop';

/** One rule of an engine, run in order. */
export interface EngineStepDef {
  StepID: string;
  /** `set`: assign Formula's value to the variable Name. `stop`: stop with Message. */
  Kind: EngineStepKind;
  /** The variable a `set` step assigns (later steps read it by this name). */
  Name: string;
  /** A `set` step's formula. */
  Formula: string;
  /** Optional: the step runs only when this formula is true. Empty: always. */
  Condition: string;
  /** A `stop` step's message (shown to the planner as the engine's stop message). */
  Message: string;
}

export interface EngineDef {
  Steps: readonly EngineStepDef[];
}

export interface EngineResults {
  /** Null when the engine ran to its end with a result; else why it gave none. */
  stopMessage: string | null;
  /** Total production minutes for the operation's quantity, 4 decimals (spec 001 §9); null on a stop. */
  productionMinutes: number | null;
  /** Setup minutes, 4 decimals; null on a stop or when no step sets SetupMinutes. */
  setupMinutes: number | null;
}

/** What costing/RunOperationEngine answers (spec 001 §8): results, a readable log, and the same as HTML. */
export interface EngineRun {
  results: EngineResults;
  log: string;
  htmlLog: string;
}

/** One line of the log, structured, for screens that render the steps themselves. */
export interface EngineLogEntry {
  /** 1-based step number; 0 for the closing result line. */
  Step: number;
  Name: string;
  Outcome: 'set' | 'skipped' | 'stop' | 'error' | 'result';
  /** The formula (or condition) as written. */
  Formula: string;
  /** The formula with each name replaced by its value. */
  WithValues: string;
  /** The value set, or null. */
  Value: ExpressionValue | null;
  /** The readable line of the text log. */
  Text: string;
}

/** The variables an engine's results are read from. */
export const PRODUCTION_MINUTES = 'ProductionMinutes';
export const SETUP_MINUTES = 'SetupMinutes';

/** Results are rounded to 4 decimals (spec 001 §9 "Estimates are rounded to 4 decimals"). */
export const RESULT_DECIMALS = 4;

/** A variable name: letters, digits and underscores, starting with a letter. */
export const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

const RESERVED = new Set(['true', 'false', 'null', 'this', ...expressionFunctions]);

/** Shows a value in the log: numbers at most 4 decimals (24 * 0.05 reads 1.2, not 1.2000000000000002). */
export function showValue(value: ExpressionValue | null | undefined): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'number') return String(roundTo(value, RESULT_DECIMALS));
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/**
 * The formula with every name replaced by its value (`Holes * 0.05` → `24 * 0.05`). Text inside
 * quotes and function names are left alone; a name without a value stays as written.
 */
export function substitute(source: string, values: ExpressionInputs): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const m = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
    // A name glued to a preceding digit is part of a number (1e5), not a name.
    if (m && !/[0-9.]/.test(source[i - 1] ?? '')) {
      const name = m[0];
      const rest = source.slice(i + name.length);
      const isCall = /^\s*\(/.test(rest);
      const v = Object.hasOwn(values, name) ? values[name] : undefined;
      out += isCall || RESERVED.has(name) || v === undefined || v === null ? name : showValue(v);
      i += name.length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export type StepField = 'Name' | 'Formula' | 'Condition' | 'Message';

/**
 * What is wrong with one step, by field (the editor shows each beside its field as people type): a
 * variable name that is not a name or is an input's, an empty or unreadable formula or condition, a stop
 * step without a message. Empty when the step can be used.
 */
export function stepProblems(s: EngineStepDef): Partial<Record<StepField, string>> {
  const problems: Partial<Record<StepField, string>> = {};
  if (s.Kind === 'set') {
    if (!VARIABLE_NAME.test(s.Name)) {
      problems.Name = `the variable name "${s.Name}" must start with a letter and use only letters, digits and _`;
    } else if (RESERVED.has(s.Name)) {
      problems.Name = `"${s.Name}" is a reserved word and cannot be a variable name`;
    } else if ((operationInputNames as readonly string[]).includes(s.Name)) {
      problems.Name = `"${s.Name}" is an input of the operation; give the variable another name`;
    }
    if (!s.Formula.trim()) problems.Formula = 'the formula is empty';
  }
  if (s.Kind === 'stop' && !s.Message.trim()) problems.Message = 'a stop step needs a message';
  const compiles = (what: string, text: string) => {
    try {
      compileExpression(text);
      return undefined;
    } catch (error) {
      return `the ${what} cannot be used: ${(error as Error).message}`;
    }
  };
  if (s.Kind === 'set' && s.Formula.trim()) {
    const problem = compiles('formula', s.Formula);
    if (problem) problems.Formula = problem;
  }
  if (s.Condition.trim()) {
    const problem = compiles('condition', s.Condition);
    if (problem) problems.Condition = problem;
  }
  return problems;
}

/**
 * Names each step's formula or condition reads that are neither an operation input nor a variable set by
 * an earlier step (a typo such as `Bundls`, or a step placed before the one it needs). Not an error —
 * the formula parses — but the run would stop there with "Missing input", so the editor warns as people
 * type. One list per step, in step order; unreadable formulas give none (stepProblems reports them).
 */
export function unknownNames(steps: readonly EngineStepDef[]): string[][] {
  const known = new Set<string>(operationInputNames);
  return steps.map((s) => {
    const unknown: string[] = [];
    for (const text of [s.Condition, s.Kind === 'set' ? s.Formula : '']) {
      if (!text.trim()) continue;
      try {
        for (const name of compileExpression(text).inputs) {
          if (!known.has(name) && !RESERVED.has(name) && !unknown.includes(name)) unknown.push(name);
        }
      } catch {
        // Reported by stepProblems.
      }
    }
    if (s.Kind === 'set' && VARIABLE_NAME.test(s.Name)) known.add(s.Name);
    return unknown;
  });
}

/**
 * Checks an engine's steps without running them: every formula and condition parses, names are valid,
 * a set step has a formula, a stop step a message. Returns one sentence per problem, naming the step.
 */
export function checkSteps(steps: readonly EngineStepDef[]): string[] {
  return steps.flatMap((s, index) => {
    const label = `Step ${index + 1}${s.Kind === 'set' && s.Name ? ` (${s.Name})` : ''}`;
    const p = stepProblems(s);
    return (['Name', 'Formula', 'Message', 'Condition'] as const)
      .filter((f) => p[f] !== undefined)
      .map((f) => `${label}: ${p[f]}`);
  });
}

const truthy = (v: ExpressionValue) => (typeof v === 'string' ? v.length > 0 : Boolean(v));

/** Why a step failed, naming the input or the step (the planner sees this as the stop message). */
function failureMessage(error: unknown, step: number, name: string): string {
  const where = `step ${step}${name ? `, ${name}` : ''}`;
  if (error instanceof ExpressionError) {
    if (error.kind === 'missing') return `Missing input: ${error.input} (${where})`;
    if (error.kind === 'divide') return `Division by zero (${where}): ${error.message}`;
    return `The engine cannot compute ${where}: ${error.message}`;
  }
  return `The engine cannot compute ${where}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Runs an engine's steps in order against an operation's inputs. A `set` step assigns a variable that
 * later steps read; a step with a condition runs only when the condition is true; a `stop` step whose
 * condition holds (or needs an input the operation does not have) ends the run with its message; a formula that needs an input the operation does not
 * have (null), or divides by zero, ends the run with a message naming it. At the end,
 * `ProductionMinutes` must be set, else the run stops with a message.
 */
export function runEngineDetailed(
  engine: EngineDef,
  inputs: OperationInputs | Readonly<Record<string, ExpressionValue | null>>,
): EngineRun & { entries: EngineLogEntry[] } {
  const vars: Record<string, ExpressionValue | null> = {
    ...(inputs as Record<string, ExpressionValue | null>),
  };
  const entries: EngineLogEntry[] = [];
  let stopMessage: string | null = null;
  const compiled = new Map<string, CompiledExpression>();
  const compile = (text: string) => {
    let c = compiled.get(text);
    if (!c) {
      c = compileExpression(text);
      compiled.set(text, c);
    }
    return c;
  };

  engine.Steps.forEach((s, index) => {
    if (stopMessage !== null) return;
    const n = index + 1;
    const name = s.Kind === 'set' ? s.Name : 'Stop';
    const entry = (e: Omit<EngineLogEntry, 'Step' | 'Name'>) => entries.push({ Step: n, Name: name, ...e });
    try {
      if (s.Condition.trim()) {
        let holds: boolean;
        try {
          holds = truthy(compile(s.Condition).evaluate(vars));
        } catch (error) {
          // A stop step guards against missing values: when its condition needs an input the operation
          // does not have, it stops with its own message ("No weld count on the part ...").
          if (s.Kind !== 'stop' || !(error instanceof ExpressionError) || error.kind !== 'missing')
            throw error;
          stopMessage = s.Message.trim() || `Stopped by step ${n}`;
          entry({
            Outcome: 'stop',
            Formula: s.Condition,
            WithValues: substitute(s.Condition, vars),
            Value: null,
            Text: `${n}. Stop: ${stopMessage} (${error.input} has no value)`,
          });
          return;
        }
        if (!holds) {
          const withValues = substitute(s.Condition, vars);
          entry({
            Outcome: 'skipped',
            Formula: s.Condition,
            WithValues: withValues,
            Value: null,
            Text: `${n}. ${name} skipped: ${s.Condition} is false (${withValues})`,
          });
          return;
        }
      }
      if (s.Kind === 'stop') {
        stopMessage = s.Message.trim() || `Stopped by step ${n}`;
        const why = s.Condition.trim() ? ` (${s.Condition} is true: ${substitute(s.Condition, vars)})` : '';
        entry({
          Outcome: 'stop',
          Formula: s.Condition,
          WithValues: s.Condition.trim() ? substitute(s.Condition, vars) : '',
          Value: null,
          Text: `${n}. Stop: ${stopMessage}${why}`,
        });
        return;
      }
      const c = compile(s.Formula);
      const value = c.evaluate(vars);
      if (typeof value !== 'number') {
        throw new ExpressionError('type', `the formula gives ${showValue(value)}, not a number`);
      }
      const withValues = substitute(s.Formula, vars);
      vars[s.Name] = value;
      entry({
        Outcome: 'set',
        Formula: s.Formula,
        WithValues: withValues,
        Value: value,
        Text: `${n}. ${s.Name} = ${s.Formula} = ${withValues} = ${showValue(value)}`,
      });
    } catch (error) {
      stopMessage = failureMessage(error, n, s.Kind === 'set' ? s.Name : '');
      entry({
        Outcome: 'error',
        Formula: s.Kind === 'set' ? s.Formula : s.Condition,
        WithValues: substitute(s.Kind === 'set' ? s.Formula : s.Condition, vars),
        Value: null,
        Text: `${n}. ${stopMessage}`,
      });
    }
  });

  const numberVar = (key: string) => {
    const v = Object.hasOwn(vars, key) ? vars[key] : undefined;
    return typeof v === 'number' ? roundTo(v, RESULT_DECIMALS) : null;
  };
  let productionMinutes: number | null = null;
  let setupMinutes: number | null = null;
  if (stopMessage === null) {
    productionMinutes = numberVar(PRODUCTION_MINUTES);
    setupMinutes = numberVar(SETUP_MINUTES);
    if (productionMinutes === null) {
      stopMessage = `The engine did not set ${PRODUCTION_MINUTES}: add a step that sets it`;
      setupMinutes = null;
    }
  }
  const closing =
    stopMessage === null
      ? `Result: ${PRODUCTION_MINUTES} = ${showValue(productionMinutes)}, ${SETUP_MINUTES} = ${showValue(setupMinutes)}`
      : `Stopped: ${stopMessage}`;
  entries.push({
    Step: 0,
    Name: stopMessage === null ? 'Result' : 'Stopped',
    Outcome: 'result',
    Formula: '',
    WithValues: '',
    Value: productionMinutes,
    Text: closing,
  });

  const results: EngineResults = { stopMessage, productionMinutes, setupMinutes };
  return { results, log: entries.map((e) => e.Text).join('\n'), htmlLog: htmlLog(entries), entries };
}

/** Runs an engine: results, the readable log and the HTML log (see {@link runEngineDetailed}). */
export function runEngine(engine: EngineDef, inputs: OperationInputs): EngineRun {
  const { results, log, htmlLog: html } = runEngineDetailed(engine, inputs);
  return { results, log, htmlLog: html };
}

/** The log as an HTML table. Every value is escaped: formulas, names and inputs are user text. */
function htmlLog(entries: readonly EngineLogEntry[]): string {
  const rows = entries.map((e) => {
    if (e.Outcome === 'result') {
      return `<tr class="engine-log-${e.Name === 'Result' ? 'result' : 'stop'}"><td colspan="5">${escapeHtml(e.Text)}</td></tr>`;
    }
    const cells = [
      String(e.Step),
      e.Outcome === 'stop' ? 'Stop' : e.Name,
      e.Formula,
      e.WithValues,
      e.Outcome === 'set'
        ? showValue(e.Value)
        : e.Outcome === 'skipped'
          ? 'skipped'
          : e.Text.replace(/^\d+\. /, ''),
    ];
    return `<tr class="engine-log-${e.Outcome}">${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  return (
    '<table class="engine-log"><thead><tr><th>#</th><th>Step</th><th>Formula</th><th>With values</th><th>Result</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}
