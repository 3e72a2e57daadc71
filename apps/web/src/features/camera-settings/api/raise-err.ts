import { ApiRequestError } from '../../../shared/api/client.ts';

/**
 * Spec 001 §5, §8: an `err` field in a configuration answer is raised as an error, whatever the status (our server
 * refuses with an error status as well; a server that answers 200 with `err` is refused here all the same).
 */
export function raiseErr<T extends { err?: string | undefined }>(answer: T): T {
  if (answer.err) throw new ApiRequestError(200, 'refused', answer.err);
  return answer;
}
