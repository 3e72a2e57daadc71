import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/** Lets route handlers see the parsed (output) types of the zod schemas their route declares. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Validation with the shared contracts: route schemas are zod schemas, and the parsed value replaces the input. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  // Responses are plain JSON; the contracts describe them for the web app and the tests check them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
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
