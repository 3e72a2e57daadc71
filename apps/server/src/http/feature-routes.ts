import type { FastifyInstance } from 'fastify';

/**
 * A feature's routes with their services bound. Each feature's `module.ts` builds its services and returns this;
 * app.ts registers them in one list, in a fixed order (decision 0018).
 */
export type FeatureRoutes = (app: FastifyInstance) => PromiseLike<unknown>;
