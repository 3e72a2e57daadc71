import type { BrandDocumentKind } from '@vigil/contracts';

/**
 * The plain documents a brand gets until support stores its own (decision 0820): markdown in the subset the web
 * app renders (headings, paragraphs, lists, links, emphasis). `{name}` is the brand's name.
 */
const TEMPLATES: Record<BrandDocumentKind, string> = {
  terms: `# Terms of service

These terms govern your use of **{name}**, a cloud video-surveillance service: recording your cameras, watching
them live and reviewing what they recorded.

## Your account

- You are responsible for the cameras you add and for having the right to record where they look.
- Keep your password to yourself. People you invite get only the access you give them.
- You may close your account at any time; its recordings are then deleted.

## The service

{name} keeps your recordings for the period your plan says and deletes them after it. We work to keep the
service available but cannot promise it never stops.

## Acceptable use

Do not use {name} to record people where the law forbids it, to break into cameras that are not yours, or to
harm the service or other users.

## Changes

We may change these terms; we tell you before a change that affects you takes effect.
`,
  privacy: `# Privacy policy

This policy says what **{name}** keeps about you and why.

## What we keep

- Your account: e-mail address, language, time zone, and the organisations you belong to.
- Your cameras' video, pictures and events, for as long as your plan keeps them.
- Records of sign-ins and of what was done on your account, to keep it safe.

## What we do with it

We use it only to run the service for you. We do not sell it. Support staff look at your video only with your
consent, for a limited time, and each look is recorded in your account's audit log.

## Your rights

You can see, correct, export and delete your data. Write to us from your account's e-mail address and we answer
within a month.
`,
};

export const documentTemplate = (kind: BrandDocumentKind, name: string): string =>
  TEMPLATES[kind].replaceAll('{name}', name);
