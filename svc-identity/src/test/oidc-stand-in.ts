import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in tests and the
 * local end-to-end stack. Sign-in is non-interactive: the login and consent prompts are answered at once
 * for the account set with `setAccount` (default: a verified Google-like user).
 */
export interface TOidcAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

export interface TOidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  env: { GOOGLE_OIDC_ISSUER: string; GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string };
  setAccount(account: TOidcAccount): void;
  stop(): Promise<void>;
}

interface TProviderInstance {
  callback(): (req: unknown, res: unknown) => void;
  interactionDetails(
    req: unknown,
    res: unknown,
  ): Promise<{ prompt: { name: string }; params: Record<string, unknown>; session?: { accountId?: string } }>;
  interactionFinished(
    req: unknown,
    res: unknown,
    result: object,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

// The package ships no type declarations; a non-literal specifier keeps the import untyped on purpose.
const OIDC_PROVIDER_MODULE = 'oidc-provider';

export async function startOidcStandIn(options: {
  redirectUris: string[];
  port?: number;
}): Promise<TOidcStandIn> {
  const { default: Provider } = (await import(OIDC_PROVIDER_MODULE)) as {
    default: new (issuer: string, config: object) => TProviderInstance;
  };
  let account: TOidcAccount = {
    sub: 'google-oauth2|1001',
    email: 'google.user@example.com',
    emailVerified: true,
    name: 'Google User',
  };
  const clientId = 'dealflow-local-client';
  const clientSecret = randomBytes(24).toString('hex');

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const current = account.sub === sub ? account : { ...account, sub };
          return {
            sub,
            email: current.email,
            email_verified: current.emailVerified,
            name: current.name,
            ...(current.picture ? { picture: current.picture } : {}),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: {
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
  });
  provider.on('server_error', () => undefined);
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = new provider.Grant({
          accountId: details.session?.accountId ?? account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: { GOOGLE_OIDC_ISSUER: issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret },
    setAccount(next) {
      account = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
