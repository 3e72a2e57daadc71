// The few parts of oidc-provider (which ships no types) that the tests' OpenID Provider uses (testing.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  export interface ProviderContext {
    path: string;
    method: string;
    req: IncomingMessage;
    res: ServerResponse;
    status: number;
    body: unknown;
    type: string;
    redirect(url: string): void;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: typeof Grant;
    use(mw: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this;
    listen(port: number, host: string, cb?: () => void): Server;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
