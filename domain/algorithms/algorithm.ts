import { z } from 'zod';
import { Text } from '../contract/fields';
import {
  type CompiledExpression,
  compileExpression,
  ExpressionError,
  type ExpressionInputs,
  type ExpressionValue,
  roundTo,
} from '../expression/expression';
import { type OperationInputs, operationInputNames } from '../production-plan/inputs';

/**
 * The rate algorithms (issue 5, item 5; spec 001 §3 "Algorithm fields", §4 rate precedence, §7
 * `algorithm/RunOperationAlgorithm`): grouped, editable rules that derive an operation's rates from the
 * part's properties. Every formula is a safe expression (domain/expression), never eval.
 *
 * A group belongs to a process and the resources it covers. Its first active algorithm by Priority
 * whose AppliesWhen holds is used. Each of that algorithm's five result formulas may name the other
 * results: a result is computed (once, rounded to 4 decimals) before the formulas that name it, so
 * `CutLength / 12 / FeetPerMinute` reads the feet per minute just derived and `MinutesPerBundle /
 * BundleSize` the minutes per bundle; a cycle stops the run. A formula left empty gives 0.
 */

/** The five results, in the order they are evaluated. */
export const resultNames = [
  'FeetPerMinute',
  'MinutesPerPiece',
  'MinutesPerBundle',
  'SetupMinutes',
  'SchedulingMinutesPerPiece',
] as const;
export type ResultName = (typeof resultNames)[number];

export const questionKinds = ['number', 'choice', 'yesno'] as const;
export type QuestionKind = (typeof questionKinds)[number];

const isResultName = (name: string): name is ResultName => (resultNames as readonly string[]).includes(name);

/** Results are rounded to this many decimals (and used rounded by the formulas after them). */
export const RESULT_DECIMALS = 4;

const reservedNames: ReadonlySet<string> = new Set<string>([...operationInputNames, ...resultNames]);

/** A name a formula can use: letters, digits and _, starting with a letter. */
export const InputName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    message: 'must start with a letter and use only letters, digits and _',
  });

/** Null when `source` is a formula we accept (or empty and `optional`), else the sentence why not. */
export function formulaProblem(source: string, optional = true): string | null {
  if (!source.trim()) return optional ? null : 'The formula is empty';
  try {
    compileExpression(source);
    return null;
  } catch (error) {
    return error instanceof ExpressionError ? error.message : String(error);
  }
}

/** A formula field of `what` (e.g. "MinutesPerPiece"): empty, or text that parses. */
export const formulaField = (what: string, optional = true) =>
  z
    .string()
    .max(2000)
    .superRefine((source, ctx) => {
      const problem = formulaProblem(source, optional);
      if (problem) ctx.addIssue({ code: 'custom', message: `${what}: ${problem}` });
    });

export const AlgorithmQuestion = z
  .object({
    Key: InputName,
    Text: Text(300).trim().min(1),
    Kind: z.enum(questionKinds),
    Choices: z.array(Text(100).trim().min(1)).max(30).default([]),
  })
  .superRefine((q, ctx) => {
    if (reservedNames.has(q.Key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['Key'],
        message: `The question key ${q.Key} is already an input of every operation; choose another name`,
      });
    }
    if (q.Kind === 'choice' && q.Choices.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['Choices'],
        message: `The question ${q.Key} is a choice, so it needs at least two choices`,
      });
    }
  });
export type AlgorithmQuestion = z.output<typeof AlgorithmQuestion>;

export const RateLookup = z
  .object({
    /** The input the looked-up rate becomes (defaults to Rate_<Table>). */
    Name: InputName,
    Table: Text(60).trim().min(1),
    /** A formula whose value is the key, e.g. `Gauge`. */
    Key: formulaField('Rate lookup key', false),
  })
  .superRefine((r, ctx) => {
    if (reservedNames.has(r.Name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['Name'],
        message: `The rate lookup name ${r.Name} is already an input of every operation; choose another name`,
      });
    }
  });
export type RateLookup = z.output<typeof RateLookup>;

export const AlgorithmGroup = z.object({
  AlgorithmGroupID: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  /** The process the group rates, e.g. Roll forming, Painting. */
  Process: z.string(),
  /** The resources (machines) whose operations the group rates. */
  ResourceIDs: z.array(z.string()),
});
export type AlgorithmGroup = z.infer<typeof AlgorithmGroup>;

export const Algorithm = z.object({
  AlgorithmID: z.number().int(),
  AlgorithmGroupID: z.number().int(),
  Name: z.string(),
  /** Lower runs first. */
  Priority: z.number().int(),
  Active: z.boolean(),
  /** A condition over the inputs; empty means always. */
  AppliesWhen: z.string(),
  FeetPerMinute: z.string(),
  MinutesPerPiece: z.string(),
  MinutesPerBundle: z.string(),
  SetupMinutes: z.string(),
  SchedulingMinutesPerPiece: z.string(),
  Questions: z.array(AlgorithmQuestion),
  RateLookups: z.array(RateLookup),
});
export type Algorithm = z.infer<typeof Algorithm>;

/** Part-based properties of one part: property name -> value (numbers as numbers). */
export type PartProperties = Readonly<Record<string, string | number>>;
/** Rate tables: table -> key -> value. */
export type RateTables = Readonly<Record<string, Readonly<Record<string, number>>>>;
export type Answers = Readonly<Record<string, string | number | boolean>>;

export interface AlgorithmResult {
  MinutesPerPiece: number;
  MinutesPerBundle: number;
  FeetPerMinute: number;
  SetupMinutes: number;
  SchedulingMinutesPerPiece: number;
}

export interface PosedQuestion {
  Key: string;
  Text: string;
  Kind: string;
  Choices: string[];
}

export const AlgorithmRunSchema = z.object({
  result: z.object({
    Success: z.boolean(),
    QuestionPosed: z.boolean(),
    Question: z
      .object({ Key: z.string(), Text: z.string(), Kind: z.string(), Choices: z.array(z.string()) })
      .nullable(),
    Result: z.object({
      MinutesPerPiece: z.number(),
      MinutesPerBundle: z.number(),
      FeetPerMinute: z.number(),
      SetupMinutes: z.number(),
      SchedulingMinutesPerPiece: z.number(),
    }),
  }),
  calculation: z.object({ RateLog: z.string() }),
  AlgorithmID: z.number().int().nullable(),
  AlgorithmGroupID: z.number().int().nullable(),
});

export interface AlgorithmRun {
  result: {
    Success: boolean;
    QuestionPosed: boolean;
    Question: PosedQuestion | null;
    Result: AlgorithmResult;
  };
  calculation: { RateLog: string };
  AlgorithmID: number | null;
  AlgorithmGroupID: number | null;
}

const zeroResult = (): AlgorithmResult => ({
  MinutesPerPiece: 0,
  MinutesPerBundle: 0,
  FeetPerMinute: 0,
  SetupMinutes: 0,
  SchedulingMinutesPerPiece: 0,
});

/** How a value reads in the log: text in quotes, yes/no for booleans. */
export function showValue(v: ExpressionValue | null | undefined): string {
  if (v === null || v === undefined) return '(none)';
  if (typeof v === 'string') return `"${v}"`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

/** The value an answer gives its question's input, or the sentence why it cannot be used. */
export function answerValue(
  q: Pick<AlgorithmQuestion, 'Key' | 'Kind' | 'Choices'>,
  raw: string | number | boolean,
): { value: ExpressionValue } | { problem: string } {
  if (q.Kind === 'yesno') {
    if (typeof raw === 'boolean') return { value: raw };
    const t = String(raw).trim().toLowerCase();
    if (['yes', 'true', 'y', '1'].includes(t)) return { value: true };
    if (['no', 'false', 'n', '0'].includes(t)) return { value: false };
    return { problem: `The answer to ${q.Key} must be yes or no, not ${showValue(raw)}` };
  }
  if (q.Kind === 'number') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
    if (!Number.isFinite(n))
      return { problem: `The answer to ${q.Key} must be a number, not ${showValue(raw)}` };
    return { value: n };
  }
  const text = String(raw);
  if (!q.Choices.includes(text)) {
    return {
      problem: `The answer to ${q.Key} must be one of ${q.Choices.join(', ')}, not ${showValue(raw)}`,
    };
  }
  return { value: text };
}

/** Numeric text becomes a number (a PB property of "2.5" reads as 2.5). */
export function propertyValue(text: string | number): string | number {
  if (typeof text === 'number') return text;
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
}

/** The inputs a formula names, with their values, for the log: `[CutLength = 96, FeetPerMinute = 60]`. */
function substituted(compiled: CompiledExpression, values: ExpressionInputs): string {
  if (!compiled.inputs.length) return '';
  return ` [${compiled.inputs.map((n) => `${n} = ${showValue(values[n])}`).join(', ')}]`;
}

/** Why a run stopped, carried out of the steps. */
class Stop extends Error {
  constructor(
    message: string,
    readonly question: PosedQuestion | null = null,
  ) {
    super(message);
  }
}

/** The applicability summary of "no algorithm applies": the part's class and gauge. */
function partSummary(inputs: ExpressionInputs): string {
  return `PartClass ${inputs.PartClass ?? '(none)'}, Gauge ${inputs.Gauge ?? '(none)'}`;
}

/**
 * Runs a group's algorithms for one operation. Pure: the caller loads the group, its algorithms, the
 * part's PB properties and the rate tables. `answers` are the answers a person gave to questions (by
 * question key). PB properties fill in inputs the operation does not have (null), under their own name.
 */
export function runAlgorithm(
  group: AlgorithmGroup,
  algorithms: readonly Algorithm[],
  inputs: OperationInputs | Readonly<Record<string, ExpressionValue | null>>,
  answers: Answers,
  properties: PartProperties,
  rates: RateTables,
): AlgorithmRun {
  const log: string[] = [];
  const values: Record<string, ExpressionValue | null> = {
    ...(inputs as Record<string, ExpressionValue | null>),
  };
  for (const [name, value] of Object.entries(properties)) {
    if (values[name] === null || values[name] === undefined) {
      values[name] = propertyValue(value);
      log.push(`PB property ${name} = ${showValue(values[name])}`);
    }
  }
  const candidates = algorithms
    .filter((a) => a.AlgorithmGroupID === group.AlgorithmGroupID && a.Active)
    .sort((a, b) => a.Priority - b.Priority || a.AlgorithmID - b.AlgorithmID);
  const resource = values.ResourceID ? ` for resource ${values.ResourceID}` : '';
  log.unshift(
    `Group ${group.Name}${resource}: ${candidates.length} active algorithm${candidates.length === 1 ? '' : 's'} by priority`,
  );

  const fail = (
    message: string,
    algorithm: Algorithm | null,
    question: PosedQuestion | null = null,
  ): AlgorithmRun => {
    log.push(question ? `Question: ${question.Text}` : `Stopped: ${message}`);
    return {
      result: { Success: false, QuestionPosed: question !== null, Question: question, Result: zeroResult() },
      calculation: { RateLog: log.join('\n') },
      AlgorithmID: algorithm?.AlgorithmID ?? null,
      AlgorithmGroupID: group.AlgorithmGroupID,
    };
  };

  for (const algorithm of candidates) {
    const scope = new AlgorithmScope(algorithm, values, answers, rates, log);
    try {
      scope.applyAnswers();
      if (algorithm.AppliesWhen.trim()) {
        const applies = scope.evaluate('applies when', algorithm.AppliesWhen, { notApplicable: true });
        if (applies === null) continue;
        const holds = typeof applies === 'boolean' ? applies : applies !== 0 && applies !== '';
        if (!holds) {
          log.push(`${algorithm.Name} (priority ${algorithm.Priority}): does not apply`);
          continue;
        }
      }
      log.push(`${algorithm.Name} (priority ${algorithm.Priority}): used`);
      const result = zeroResult();
      for (const name of resultNames) result[name] = scope.result(name);
      log.push(
        `Result: FeetPerMinute ${result.FeetPerMinute}, MinutesPerPiece ${result.MinutesPerPiece}, MinutesPerBundle ${result.MinutesPerBundle}, SetupMinutes ${result.SetupMinutes}, SchedulingMinutesPerPiece ${result.SchedulingMinutesPerPiece}`,
      );
      return {
        result: { Success: true, QuestionPosed: false, Question: null, Result: result },
        calculation: { RateLog: log.join('\n') },
        AlgorithmID: algorithm.AlgorithmID,
        AlgorithmGroupID: group.AlgorithmGroupID,
      };
    } catch (error) {
      if (error instanceof Stop) return fail(error.message, algorithm, error.question);
      throw error;
    }
  }
  return fail(`No algorithm of group ${group.Name} applies to this part (${partSummary(values)})`, null);
}

/** One algorithm's evaluation: its answers, its rate lookups (on first use) and the log. */
class AlgorithmScope {
  readonly values: Record<string, ExpressionValue | null>;
  private readonly lookups = new Map<string, RateLookup>();
  private readonly questions = new Map<string, AlgorithmQuestion>();
  private readonly results = new Map<ResultName, number>();
  private readonly computing = new Set<ResultName>();

  constructor(
    private readonly algorithm: Algorithm,
    base: Record<string, ExpressionValue | null>,
    private readonly answers: Answers,
    private readonly rates: RateTables,
    private readonly log: string[],
  ) {
    this.values = { ...base };
    // Results are computed, never given.
    for (const name of resultNames) delete this.values[name];
    for (const r of algorithm.RateLookups) this.lookups.set(r.Name, r);
    for (const q of algorithm.Questions) this.questions.set(q.Key, q);
  }

  applyAnswers(): void {
    for (const q of this.algorithm.Questions) {
      if (!Object.hasOwn(this.answers, q.Key)) continue;
      const raw = this.answers[q.Key] as string | number | boolean;
      const answer = answerValue(q, raw);
      if ('problem' in answer) throw new Stop(answer.problem);
      this.values[q.Key] = answer.value;
      this.log.push(`Answer ${q.Key} = ${showValue(answer.value)} (${q.Text})`);
    }
  }

  /**
   * Evaluates one formula, looking up the rates it names first. A missing input that a question
   * supplies poses the question; with `notApplicable`, any other missing input or a type error means
   * "does not apply" (null), otherwise it stops the run.
   */
  evaluate(label: string, source: string, opts: { notApplicable?: boolean } = {}): ExpressionValue | null {
    const name = this.algorithm.Name;
    let compiled: CompiledExpression;
    try {
      compiled = compileExpression(source);
    } catch (error) {
      throw new Stop(`${name}: ${label} cannot be read: ${(error as Error).message}`);
    }
    for (const input of compiled.inputs) {
      if (label !== 'applies when' && isResultName(input)) this.result(input);
      else this.lookup(input, opts.notApplicable === true);
    }
    try {
      const value = compiled.evaluate(this.values);
      if (label === 'applies when') {
        this.log.push(
          `${name}: applies when ${source}${substituted(compiled, this.values)} = ${showValue(value)}`,
        );
      } else {
        const shown = typeof value === 'number' ? roundTo(value, RESULT_DECIMALS) : value;
        this.log.push(`${label} = ${source}${substituted(compiled, this.values)} = ${showValue(shown)}`);
      }
      return value;
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      if (error.kind === 'missing' && error.input && this.questions.has(error.input)) {
        const q = this.questions.get(error.input) as AlgorithmQuestion;
        this.log.push(`${label} = ${source} needs ${q.Key}, which only a person can answer`);
        throw new Stop(q.Text, { Key: q.Key, Text: q.Text, Kind: q.Kind, Choices: [...q.Choices] });
      }
      if (opts.notApplicable) {
        this.log.push(`${name} (priority ${this.algorithm.Priority}): does not apply (${error.message})`);
        return null;
      }
      if (error.kind === 'missing') {
        throw new Stop(
          `${name}: ${label} = ${source} needs ${error.input}, which this operation does not have`,
        );
      }
      throw new Stop(`${name}: ${label} = ${source}: ${error.message}`);
    }
  }

  /**
   * One result (computed once): its formula after the results it names, so `MinutesPerBundle /
   * BundleSize` may give MinutesPerPiece. Rounded to 4 decimals; an empty formula gives 0.
   */
  result(name: ResultName): number {
    const done = this.results.get(name);
    if (done !== undefined) return done;
    if (this.computing.has(name)) {
      throw new Stop(
        `${this.algorithm.Name}: ${[...this.computing, name].join(' needs ')}; a result cannot depend on itself`,
      );
    }
    this.computing.add(name);
    const source = this.algorithm[name];
    let rounded = 0;
    if (source.trim()) {
      const value = this.evaluate(name, source);
      if (typeof value !== 'number') {
        throw new Stop(`${this.algorithm.Name}: ${name} gives ${showValue(value)}, not a number`);
      }
      rounded = roundTo(value, RESULT_DECIMALS);
      if (value < 0) throw new Stop(`${this.algorithm.Name}: ${name} came out negative (${rounded})`);
    }
    this.computing.delete(name);
    this.results.set(name, rounded);
    this.values[name] = rounded;
    return rounded;
  }

  /** Fills a rate lookup's input (once) from its table, by its key formula. */
  private lookup(input: string, quiet: boolean): void {
    const r = this.lookups.get(input);
    if (!r || (this.values[input] !== undefined && this.values[input] !== null)) return;
    const keyValue = this.evaluate(`${r.Name} key`, r.Key, { notApplicable: quiet });
    if (keyValue === null) return;
    const key = String(keyValue);
    const table = Object.hasOwn(this.rates, r.Table) ? this.rates[r.Table] : undefined;
    if (!table) throw new Stop(`${this.algorithm.Name}: there is no rate table ${r.Table}`);
    const rate = Object.hasOwn(table, key) ? table[key] : undefined;
    if (rate === undefined) {
      if (quiet) return;
      throw new Stop(`${this.algorithm.Name}: rate table ${r.Table} has no rate for ${key}`);
    }
    this.values[input] = rate;
    this.log.push(`${r.Name} = rate table ${r.Table}[${key}] = ${rate}`);
  }
}
