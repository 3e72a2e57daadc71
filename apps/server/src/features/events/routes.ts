import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import {
  DeleteEventsBody,
  DeleteEventsResult,
  EventItem,
  EventsQuery,
  EventTagBody,
  EventTags,
  LabelCount,
  RekogResponse,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { media } from '../../http/api-docs.ts';
import { callerOf } from '../../http/auth-guard.ts';
import { notFound } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { EventsService } from './events-service.ts';

const Id = z.string().min(1).max(64);
const CameraParams = z.strictObject({ uid: Id, deviceid: Id });
const EventParams = z.strictObject({ uid: Id, deviceid: Id, eventId: Id });
const TagParams = EventParams.extend({ tag: z.string().min(1).max(64) });
const ThumbParams = z.strictObject({ id: Id });
const CameraThumbParams = z.strictObject({ uid: Id, deviceid: Id, id: Id });
const RekogQuery = z.strictObject({
  uid: Id.optional(),
  alertid: Id,
  token: z.string().max(4096).optional(),
});

const jpeg = media('The picture', ['image/jpeg']);

async function sendJpeg(reply: FastifyReply, path: string | null) {
  if (
    !path ||
    !(await access(path).then(
      () => true,
      () => false,
    ))
  )
    throw notFound('No image');
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, max-age=86400')
    .send(createReadStream(path));
}

/** Events calls of spec 001 §7. */
export async function eventRoutes(app: FastifyInstance, d: { events: EventsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/events', { schema: { querystring: EventsQuery, response: { 200: z.array(EventItem) } } }, (req) =>
    d.events.list(callerOf(req), req.query),
  );
  r.get('/events/tags', { schema: { querystring: EventsQuery, response: { 200: EventTags } } }, (req) =>
    d.events.tags(callerOf(req), req.query),
  );
  r.get(
    '/rekog/labels/count',
    { schema: { querystring: EventsQuery, response: { 200: z.array(LabelCount) } } },
    (req) => d.events.labelCounts(callerOf(req), req.query),
  );
  r.delete(
    '/events/:uid/:deviceid',
    { schema: { params: CameraParams, body: DeleteEventsBody, response: { 200: DeleteEventsResult } } },
    (req) => d.events.delete(callerOf(req), req.params.uid, req.params.deviceid, req.body.eventIds),
  );
  r.post(
    '/events/:uid/:deviceid/:eventId/tags',
    { schema: { params: EventParams, body: EventTagBody, response: { 200: EventTags } } },
    (req) => d.events.addTag(callerOf(req), req.params.eventId, req.body.tag),
  );
  r.delete(
    '/events/:uid/:deviceid/:eventId/tags/:tag',
    { schema: { params: TagParams, response: { 200: EventTags } } },
    (req) => d.events.removeTag(callerOf(req), req.params.eventId, req.params.tag),
  );
  r.get(
    '/alert/rekog',
    { schema: { querystring: RekogQuery, response: { 200: RekogResponse } } },
    async (req) => ({
      result: await d.events.labels(callerOf(req), req.query.alertid),
    }),
  );
  // Ours: the event's high-resolution still (hasHighResStill), for the media preview.
  r.get(
    '/events/:uid/:deviceid/:eventId/still',
    { schema: { params: EventParams, response: { 200: jpeg } } },
    async (req, reply) =>
      sendJpeg(reply, (await d.events.event(callerOf(req), req.params.eventId)).still_path),
  );
  r.get(
    '/getalertthumb/:id',
    { schema: { params: ThumbParams, response: { 200: jpeg } } },
    async (req, reply) => sendJpeg(reply, (await d.events.event(callerOf(req), req.params.id)).thumb_path),
  );
  r.get(
    '/alertthumb/:uid/:deviceid/:id',
    { schema: { params: CameraThumbParams, response: { 200: jpeg } } },
    async (req, reply) => sendJpeg(reply, (await d.events.event(callerOf(req), req.params.id)).thumb_path),
  );
}
