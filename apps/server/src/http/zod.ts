import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { z } from 'zod';

/** Lets route handlers see the parsed (output) types of the zod schemas their route declares. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** An answer that does not match its route's response schema: a bug of ours, answered 500 and logged. */
/** An app as route files use it: with the zod type provider, so params, query and body are typed by their schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export class ResponseMismatch extends Error {
  readonly issues: ZodIssueLike[];
  constructor(route: string, status: string, issues: ZodIssueLike[]) {
    super(
      `The ${status} answer of ${route} does not match its schema: ${describeIssues(undefined, issues).join('; ')}`,
    );
    this.issues = issues;
  }
}

/**
 * Validation with the shared contracts: route schemas are zod schemas, and the parsed value replaces the input.
 * Answers are JSON.stringify'd as the handler made them; with `checkResponses` (every NODE_ENV but production,
 * decision 0020) each is first parsed with its route's response schema, and one that does not match is a 500.
 */
export function useZodValidation(app: FastifyInstance, opts: { checkResponses: boolean }): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!opts.checkResponses) return (data) => JSON.stringify(data);
    const check = schema as z.ZodType;
    return (data) => {
      const result = check.safeParse(data);
      if (!result.success)
        throw new ResponseMismatch(`${method} ${url}`, httpStatus ?? 'default', result.error.issues);
      // What the handler made, not the parsed copy: production (unchecked) sends the very same bytes.
      return JSON.stringify(data);
    };
  });
}

export interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
}

/** "body.email: must be a valid e-mail address" — one readable line per problem. */
export function describeIssues(context: string | undefined, issues: ZodIssueLike[]): string[] {
  return issues.map((i) => {
    const path = [context, ...i.path.map(String)].filter(Boolean).join('.');
    if (i.message.startsWith('Unrecognized key'))
      return `${path ? `${path}: ` : ''}${i.message.replace('Unrecognized key', 'unknown field')}`;
    return `${path}: ${i.message}`;
  });
}
